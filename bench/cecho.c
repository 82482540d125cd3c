/*
 * bench/cecho.c: the fastest JSON-RPC "server" this machine can run, used only to measure the
 * driver's own ceiling (how many tiny requests per second driver + pipes can carry at all).
 *
 * It answers every request with {"jsonrpc":"2.0","id":<id>,"result":{"status":"fullAccess"}},
 * copying the id's text, in the framing of the input (first byte C/c: LSP, else NDJSON).  It does
 * not parse JSON; it only finds "id": in each frame.  Replies of one read go out in one write.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

static char in[1 << 20], out[4 << 20];
static size_t in_len = 0, out_len = 0;
static int lsp = -1;

static void flush_out(void) {
    size_t off = 0;
    while (off < out_len) {
        ssize_t n = write(1, out + off, out_len - off);
        if (n <= 0) exit(1);
        off += n;
    }
    out_len = 0;
}

static void reply(const char *frame, size_t length) {
    const char *id = memmem(frame, length, "\"id\":", 5);
    if (!id) return;
    id += 5;
    const char *e = id;
    while (e < frame + length && *e != ',' && *e != '}') e++;
    char body[256];
    int n = snprintf(body, sizeof body, "{\"jsonrpc\":\"2.0\",\"id\":%.*s,\"result\":{\"status\":\"fullAccess\"}}", (int)(e - id), id);
    if (out_len + n + 64 > sizeof out) flush_out();
    if (lsp) out_len += sprintf(out + out_len, "Content-Length: %d\r\n\r\n", n);
    memcpy(out + out_len, body, n);
    out_len += n;
    if (!lsp) out[out_len++] = '\n';
}

int main(void) {
    for (;;) {
        ssize_t n = read(0, in + in_len, sizeof in - in_len);
        if (n <= 0) break;
        in_len += n;
        if (lsp < 0) lsp = in[0] == 'C' || in[0] == 'c';
        size_t pos = 0;
        for (;;) {
            if (!lsp) {
                char *nl = memchr(in + pos, '\n', in_len - pos);
                if (!nl) break;
                reply(in + pos, nl - (in + pos));
                pos = nl - in + 1;
            } else {
                char *stop = memmem(in + pos, in_len - pos, "\r\n\r\n", 4);
                if (!stop) break;
                char *cl = strcasestr(in + pos, "Content-Length:");
                long length = cl && cl < stop ? atol(cl + 15) : 0;
                size_t body = stop - in + 4;
                if (body + length > in_len) break;
                reply(in + body, length);
                pos = body + length;
            }
        }
        memmove(in, in + pos, in_len - pos);
        in_len -= pos;
        flush_out();
    }
    flush_out();
    return 0;
}
