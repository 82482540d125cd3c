#ifndef REMINDERSD_CSQLITE_SHIM_H
#define REMINDERSD_CSQLITE_SHIM_H
#include <sqlite3.h>

// SQLITE_TRANSIENT is a cast of -1 to a function pointer, which Swift cannot express.
static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }

// sqlite3_db_config is variadic, which Swift cannot call: the one option remindersd sets.
// A connection that closes leaves the WAL for the next one instead of checkpointing it, which
// would cost a one-shot client several extra syncs (the WAL is checkpointed as it grows anyway).
static inline int csqlite_no_checkpoint_on_close(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}
#endif
