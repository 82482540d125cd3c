/*
 * bench/driver.c: the pipelining load driver of bench/run.
 *
 * Spawns a JSON-RPC server (remindersd, or a peer such as bench/echo.py) on a pair of pipes and
 * feeds it phases of pre-framed requests.  A writer thread writes a phase's bytes as fast as the
 * pipe takes them while the main thread reads and frames the replies, so a pipelining client
 * never deadlocks on a full pipe.  A phase ends when its last expected response (a reply with an
 * id; notifications such as storeChanged are skipped) has arrived; the next phase is written
 * only then.  After every phase the driver records wall time, its own CPU time, the server's
 * CPU time and memory (from /proc/PID), and prints one JSON object per phase on stdout.
 *
 *   driver [--lsp] [--phase FILE --expect N [--sleep-after MS] [--count-items]]... -- COMMAND ARGS...
 *
 * FILE holds the phase's requests, already framed (NDJSON lines or LSP frames); --lsp says the
 * replies are LSP-framed.  --count-items counts "calendarItemIdentifier" members in the replies
 * (a fetch's reminders).  --sleep-after waits before reading the memory figures (idle RSS).
 * At the end the driver closes the server's stdin, reads to end of output, reaps the server and
 * prints its exit status and peak RSS (wait4's ru_maxrss, the figure /usr/bin/time -v shows).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_PHASES 64

typedef struct {
    const char *file;
    char *data;
    size_t size;
    long expect;
    long sleep_after_ms;
    int count_items;
} phase_t;

static phase_t phases[MAX_PHASES];
static int phase_count = 0;
static int lsp = 0;
static int to_server = -1;

/* The writer waits for the main thread to open each phase. */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cond = PTHREAD_COND_INITIALIZER;
static int open_phase = -1;
static int writer_error = 0;

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

static double self_cpu(void) {
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 + ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
}

static void die(const char *what) {
    fprintf(stderr, "driver: %s: %s\n", what, strerror(errno));
    exit(2);
}

static char *read_file(const char *path, size_t *size) {
    int fd = open(path, O_RDONLY);
    if (fd < 0) die(path);
    struct stat st;
    if (fstat(fd, &st) < 0) die(path);
    char *data = malloc(st.st_size + 1);
    if (!data) die("malloc");
    size_t got = 0;
    while (got < (size_t)st.st_size) {
        ssize_t n = read(fd, data + got, st.st_size - got);
        if (n <= 0) die(path);
        got += n;
    }
    close(fd);
    *size = got;
    return data;
}

static void *writer(void *arg) {
    (void)arg;
    for (int p = 0; p < phase_count; p++) {
        pthread_mutex_lock(&lock);
        while (open_phase < p) pthread_cond_wait(&cond, &lock);
        pthread_mutex_unlock(&lock);
        const char *data = phases[p].data;
        size_t left = phases[p].size;
        while (left > 0) {
            ssize_t n = write(to_server, data, left);
            if (n < 0) {
                if (errno == EINTR) continue;
                writer_error = errno;
                close(to_server);
                return NULL;
            }
            data += n;
            left -= n;
        }
    }
    /* Keep the server's input open until the main thread has read the last phase's figures
       (memory after --sleep-after must be that of a live, idle server). */
    pthread_mutex_lock(&lock);
    while (open_phase < phase_count) pthread_cond_wait(&cond, &lock);
    pthread_mutex_unlock(&lock);
    close(to_server);   /* end of input: the server exits */
    return NULL;
}

/* The server's CPU seconds (all threads) and memory, from /proc. */
typedef struct { double cpu; long rss_kb, hwm_kb, anon_kb, file_kb; } proc_t;

static proc_t server_stats(pid_t pid) {
    proc_t s = {0, 0, 0, 0, 0};
    char path[64], buf[4096];
    snprintf(path, sizeof path, "/proc/%d/stat", pid);
    FILE *f = fopen(path, "r");
    if (f) {
        if (fgets(buf, sizeof buf, f)) {
            char *p = strrchr(buf, ')');
            unsigned long utime = 0, stime = 0;
            /* fields after the command: state(3) ... utime(14) stime(15) */
            if (p && sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &utime, &stime) == 2)
                s.cpu = (double)(utime + stime) / sysconf(_SC_CLK_TCK);
        }
        fclose(f);
    }
    snprintf(path, sizeof path, "/proc/%d/status", pid);
    f = fopen(path, "r");
    if (f) {
        while (fgets(buf, sizeof buf, f)) {
            if (!strncmp(buf, "VmRSS:", 6)) s.rss_kb = atol(buf + 6);
            if (!strncmp(buf, "VmHWM:", 6)) s.hwm_kb = atol(buf + 6);
            if (!strncmp(buf, "RssAnon:", 8)) s.anon_kb = atol(buf + 8);
            if (!strncmp(buf, "RssFile:", 8)) s.file_kb = atol(buf + 8);
        }
        fclose(f);
    }
    return s;
}

/* Reply buffer and framing. */
static char *buf = NULL;
static size_t cap = 0, start = 0, end = 0, scan = 0;
static int from_server = -1;
static int eof = 0;

static int fill(void) {
    if (start > 0 && (start == end || start > cap / 2)) {
        memmove(buf, buf + start, end - start);
        end -= start;
        scan -= start;
        start = 0;
    }
    if (cap - end < (1 << 20)) {
        cap = cap ? cap * 2 : (4 << 20);
        buf = realloc(buf, cap);
        if (!buf) die("realloc");
    }
    for (;;) {
        ssize_t n = read(from_server, buf + end, cap - end);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) die("read");
        if (n == 0) { eof = 1; return 0; }
        end += n;
        return 1;
    }
}

/* Cuts the next frame out of the buffer; returns 0 when more bytes are needed. */
static int next_frame(char **frame, size_t *length) {
    if (!lsp) {
        if (scan < start) scan = start;
        char *nl = memchr(buf + scan, '\n', end - scan);
        if (!nl) { scan = end; return 0; }
        *frame = buf + start;
        *length = nl - (buf + start);
        start = nl - buf + 1;
        scan = start;
        return 1;
    }
    /* LSP: headers, blank line, body */
    char *headers = buf + start;
    size_t avail = end - start;
    char *stop = memmem(headers, avail, "\r\n\r\n", 4);
    size_t header_len = 4;
    if (!stop) return 0;
    long content_length = -1;
    for (char *line = headers; line < stop;) {
        char *eol = memmem(line, stop - line + 2, "\r\n", 2);
        if (!strncasecmp(line, "Content-Length:", 15)) content_length = atol(line + 15);
        line = eol + 2;
    }
    if (content_length < 0) { fprintf(stderr, "driver: LSP reply without Content-Length\n"); exit(2); }
    size_t body = (stop - headers) + header_len;
    if (avail < body + (size_t)content_length) return 0;
    *frame = headers + body;
    *length = content_length;
    start += body + content_length;
    scan = start;
    return 1;
}

static void json_string(FILE *out, const char *s, size_t n) {
    fputc('"', out);
    for (size_t i = 0; i < n; i++) {
        unsigned char c = s[i];
        if (c == '"' || c == '\\') { fputc('\\', out); fputc(c, out); }
        else if (c < 0x20) fprintf(out, "\\u%04x", c);
        else fputc(c, out);
    }
    fputc('"', out);
}

int main(int argc, char **argv) {
    int i = 1;
    for (; i < argc; i++) {
        if (!strcmp(argv[i], "--")) { i++; break; }
        if (!strcmp(argv[i], "--lsp")) lsp = 1;
        else if (!strcmp(argv[i], "--phase") && i + 1 < argc) {
            if (phase_count == MAX_PHASES) { fprintf(stderr, "driver: too many phases\n"); return 2; }
            phases[phase_count].file = argv[++i];
            phases[phase_count].expect = -1;
            phase_count++;
        } else if (!strcmp(argv[i], "--expect") && i + 1 < argc && phase_count) phases[phase_count - 1].expect = atol(argv[++i]);
        else if (!strcmp(argv[i], "--sleep-after") && i + 1 < argc && phase_count) phases[phase_count - 1].sleep_after_ms = atol(argv[++i]);
        else if (!strcmp(argv[i], "--count-items") && phase_count) phases[phase_count - 1].count_items = 1;
        else { fprintf(stderr, "driver: bad argument %s\n", argv[i]); return 2; }
    }
    if (i >= argc || phase_count == 0) {
        fprintf(stderr, "usage: driver [--lsp] [--phase FILE --expect N [--sleep-after MS] [--count-items]]... -- COMMAND ARGS...\n");
        return 2;
    }
    for (int p = 0; p < phase_count; p++) {
        if (phases[p].expect < 0) { fprintf(stderr, "driver: --expect missing for %s\n", phases[p].file); return 2; }
        phases[p].data = read_file(phases[p].file, &phases[p].size);
    }
    signal(SIGPIPE, SIG_IGN);

    int in_pipe[2], out_pipe[2];
    if (pipe2(in_pipe, O_CLOEXEC) < 0 || pipe2(out_pipe, O_CLOEXEC) < 0) die("pipe");
    pid_t pid = fork();
    if (pid < 0) die("fork");
    if (pid == 0) {
        dup2(in_pipe[0], 0);
        dup2(out_pipe[1], 1);
        execvp(argv[i], argv + i);
        fprintf(stderr, "driver: cannot run %s: %s\n", argv[i], strerror(errno));
        _exit(127);
    }
    close(in_pipe[0]);
    close(out_pipe[1]);
    to_server = in_pipe[1];
    from_server = out_pipe[0];

    pthread_t thread;
    if (pthread_create(&thread, NULL, writer, NULL) != 0) die("pthread_create");

    double run_start = now();
    int failed = 0;
    for (int p = 0; p < phase_count && !failed; p++) {
        phase_t *ph = &phases[p];
        proc_t before = server_stats(pid);
        double cpu0 = self_cpu();
        double t0 = now();
        pthread_mutex_lock(&lock);
        open_phase = p;
        pthread_cond_broadcast(&cond);
        pthread_mutex_unlock(&lock);

        long responses = 0, errors = 0, notifications = 0, items = 0;
        size_t bytes = 0, largest = 0;
        char first_error[400];
        size_t first_error_len = 0;
        double first_reply = 0;
        while (responses < ph->expect) {
            char *frame; size_t length;
            while (responses < ph->expect && next_frame(&frame, &length)) {
                bytes += length;
                if (length > largest) largest = length;
                if (length > 25 && !memcmp(frame, "{\"jsonrpc\":\"2.0\",\"method\"", 25)) { notifications++; continue; }
                if (responses == 0) first_reply = now();
                responses++;
                char *id = memmem(frame, length < 200 ? length : 200, "\"id\":", 5);
                size_t rest = id ? length - (id - frame) : 0;
                char *err = id ? memmem(id, rest < 64 ? rest : 64, ",\"error\":", 9) : NULL;
                if (!id || err) {
                    errors++;
                    if (!first_error_len) {
                        first_error_len = length < sizeof first_error ? length : sizeof first_error;
                        memcpy(first_error, frame, first_error_len);
                    }
                }
                if (ph->count_items) {
                    const char *needle = "\"calendarItemIdentifier\":";
                    size_t nl = strlen(needle);
                    char *s = frame, *e = frame + length;
                    while ((s = memmem(s, e - s, needle, nl))) { items++; s += nl; }
                }
            }
            if (responses >= ph->expect) break;
            if (!fill()) break;
        }
        double t1 = now();
        double cpu1 = self_cpu();
        if (ph->sleep_after_ms > 0) usleep(ph->sleep_after_ms * 1000);
        proc_t after = server_stats(pid);
        if (responses < ph->expect) failed = 1;
        printf("{\"phase\":%d,\"file\":", p);
        json_string(stdout, ph->file, strlen(ph->file));
        printf(",\"requests_bytes\":%zu,\"expected\":%ld,\"responses\":%ld,\"errors\":%ld,\"notifications\":%ld,"
               "\"seconds\":%.6f,\"first_reply_seconds\":%.6f,\"reply_bytes\":%zu,\"largest_reply\":%zu,\"items\":%ld,"
               "\"server_cpu\":%.3f,\"driver_cpu\":%.4f,\"rss_kb\":%ld,\"hwm_kb\":%ld,\"anon_kb\":%ld,\"file_kb\":%ld",
               ph->size, ph->expect, responses, errors, notifications, t1 - t0,
               first_reply ? first_reply - t0 : 0.0, bytes, largest, items,
               after.cpu - before.cpu, cpu1 - cpu0, after.rss_kb, after.hwm_kb, after.anon_kb, after.file_kb);
        if (first_error_len) { printf(",\"first_error\":"); json_string(stdout, first_error, first_error_len); }
        if (failed) printf(",\"eof\":true");
        printf("}\n");
        fflush(stdout);
    }
    /* Let the writer finish (it closes the server's input after the last phase). */
    pthread_mutex_lock(&lock);
    open_phase = phase_count;
    pthread_cond_broadcast(&cond);
    pthread_mutex_unlock(&lock);
    pthread_join(thread, NULL);
    while (!eof) { start = end = scan = 0; fill(); }
    int status = 0;
    struct rusage ru;
    while (wait4(pid, &status, 0, &ru) < 0 && errno == EINTR) {}
    double total = now() - run_start;
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    printf("{\"exit\":%d,\"maxrss_kb\":%ld,\"total_seconds\":%.6f,\"server_user\":%.3f,\"server_sys\":%.3f,\"writer_errno\":%d}\n",
           code, ru.ru_maxrss, total,
           ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6, ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6, writer_error);
    return failed ? 1 : 0;
}
