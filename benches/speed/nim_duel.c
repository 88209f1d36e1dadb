/* nim_duel (src/bin/nim_duel.rs) in C with stdio, the same moves: the interaction bench's
 * reference. It reads with scanf and writes with printf, and flushes after each move. */
#include <stdio.h>

int main(void) {
    static long long heap[100];
    int k;
    if (scanf("%d", &k) != 1 || k < 1 || k > 100) return 1;
    long long sum = 0;
    for (int i = 0; i < k; i++) {
        if (scanf("%lld", &heap[i]) != 1) return 1;
        sum ^= heap[i];
    }
    puts(sum ? "First" : "Second");
    for (;;) {
        /* The first heap that the nim-sum makes smaller: the move to a nim-sum of 0. */
        for (int i = 0; sum && i < k; i++) {
            if ((heap[i] ^ sum) < heap[i]) {
                printf("%d %lld\n", i + 1, heap[i] - (heap[i] ^ sum));
                heap[i] ^= sum;
                break;
            }
        }
        fflush(stdout);
        int i;
        long long x;
        if (scanf("%d %lld", &i, &x) != 2 || i < 0 || i > k) return 1;
        if (i == 0) return 0;
        heap[i - 1] -= x;
        sum = 0;
        for (int j = 0; j < k; j++) sum ^= heap[j];
    }
}
