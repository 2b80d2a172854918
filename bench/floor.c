/* The write floor: creates the same files, of the same sizes, from memory, as fast as
 * plain POSIX calls allow (one open/write/close per file, one mkdir per folder, no fsync),
 * on as many threads as there are cores. Reads "SIZE PATH" lines on stdin.
 * Usage: floor OUTDIR THREADS < list */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct entry { long size; char *path; };
static struct entry *entries;
static long count, maxsize;
static int threads;
static const char *root;
static char *buffer;

static void mkparents(char *path) {
    for (char *p = path + strlen(root) + 1; *p; p++) {
        if (*p == '/') {
            *p = 0;
            if (mkdir(path, 0755) != 0 && errno != EEXIST) { perror(path); exit(1); }
            *p = '/';
        }
    }
}

static void *work(void *arg) {
    long t = (long)arg;
    char path[4096], last[4096] = "";
    /* contiguous ranges keep each folder on one thread */
    long from = count * t / threads, to = count * (t + 1) / threads;
    for (long i = from; i < to; i++) {
        snprintf(path, sizeof path, "%s/%s", root, entries[i].path);
        char *slash = strrchr(path, '/');
        *slash = 0;
        if (strcmp(path, last) != 0) { strcpy(last, path); *slash = '/'; mkparents(path); }
        *slash = '/';
        int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
        if (fd < 0) { perror(path); exit(1); }
        for (long off = 0; off < entries[i].size;) {
            ssize_t n = write(fd, buffer + off, entries[i].size - off);
            if (n < 0) { perror(path); exit(1); }
            off += n;
        }
        close(fd);
    }
    return NULL;
}

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: floor OUTDIR THREADS < list\n"); return 64; }
    root = argv[1];
    threads = atoi(argv[2]);
    long cap = 1024;
    entries = malloc(cap * sizeof *entries);
    char line[4200];
    while (fgets(line, sizeof line, stdin)) {
        char *space = strchr(line, ' ');
        if (!space) continue;
        line[strcspn(line, "\n")] = 0;
        if (count == cap) entries = realloc(entries, (cap *= 2) * sizeof *entries);
        entries[count].size = atol(line);
        entries[count].path = strdup(space + 1);
        if (entries[count].size > maxsize) maxsize = entries[count].size;
        count++;
    }
    buffer = malloc(maxsize + 1);
    memset(buffer, 'x', maxsize + 1);
    if (mkdir(root, 0755) != 0 && errno != EEXIST) { perror(root); return 1; }
    pthread_t ids[64];
    for (long t = 0; t < threads; t++) pthread_create(&ids[t], NULL, work, (void *)t);
    for (long t = 0; t < threads; t++) pthread_join(ids[t], NULL);
    return 0;
}
