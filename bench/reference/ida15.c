/*
 * A reference IDA* for the 15-puzzle in plain C, to measure Arbor's IDA* against (Korf,
 * "Depth-first iterative-deepening", 1985): Manhattan distance updated incrementally, the move
 * that undoes the last one never generated, the blank tried up, left, right, down.
 *
 * Reads 16 tiles per line (0 = the blank; the goal has the blank first and tile i in cell i).
 * Prints for each puzzle: length, nodes generated, microseconds; then a line of totals.
 * Build: cc -O3 -o ida15 ida15.c
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static int board[16], blank;
static int dist[16][16];          /* dist[tile][cell]: Manhattan distance to the tile's goal */
static int to_cell[16][4], op_of[16][4], n_ops[16];
static long long generated;
static int bound, next_bound, found_len;

/* op: 0 up, 1 left, 2 right, 3 down; 3 - op is its opposite. */
static int search(int g, int h, int prev) {
    int f = g + h;
    if (f > bound) {
        if (f < next_bound) next_bound = f;
        return 0;
    }
    if (h == 0) {
        found_len = g;
        return 1;
    }
    for (int i = 0; i < n_ops[blank]; i++) {
        int op = op_of[blank][i];
        if (op == 3 - prev) continue;
        int to = to_cell[blank][i], tile = board[to], from = blank;
        int nh = h - dist[tile][to] + dist[tile][from];
        board[from] = tile;
        board[to] = 0;
        blank = to;
        generated++;
        if (search(g + 1, nh, op)) return 1;
        blank = from;
        board[to] = tile;
        board[from] = 0;
    }
    return 0;
}

int main(void) {
    static const int dr[4] = {-1, 0, 0, 1}, dc[4] = {0, -1, 1, 0};
    for (int c = 0; c < 16; c++) {
        for (int op = 0; op < 4; op++) {
            int r = c / 4 + dr[op], col = c % 4 + dc[op];
            if (r >= 0 && r < 4 && col >= 0 && col < 4) {
                to_cell[c][n_ops[c]] = r * 4 + col;
                op_of[c][n_ops[c]] = op;
                n_ops[c]++;
            }
        }
        for (int t = 1; t < 16; t++)
            dist[t][c] = abs(c / 4 - t / 4) + abs(c % 4 - t % 4);
    }
    long long total_nodes = 0, total_micros = 0;
    int count = 0;
    while (1) {
        for (int i = 0; i < 16; i++) {
            if (scanf("%d", &board[i]) != 1) goto done;
            if (board[i] == 0) blank = i;
        }
        struct timespec a, b;
        clock_gettime(CLOCK_MONOTONIC, &a);
        int h = 0;
        for (int i = 0; i < 16; i++) if (board[i]) h += dist[board[i]][i];
        generated = 1;
        bound = h;
        for (;;) {
            next_bound = 1 << 30;
            if (search(0, h, -1)) break;
            bound = next_bound;
        }
        clock_gettime(CLOCK_MONOTONIC, &b);
        long long us = (b.tv_sec - a.tv_sec) * 1000000LL + (b.tv_nsec - a.tv_nsec) / 1000;
        printf("%d %lld %lld\n", found_len, generated, us);
        total_nodes += generated;
        total_micros += us;
        count++;
    }
done:
    printf("total %d %lld %lld\n", count, total_nodes, total_micros);
    return 0;
}
