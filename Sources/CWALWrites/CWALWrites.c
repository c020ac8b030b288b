// See CWALWrites.h. Every call but a write passes to the default VFS's file as it is; a log's writes
// that follow one another are kept in a buffer, which is written before anything else touches the
// log (a read, a sync, its size, a truncation, a file control, its closing), before a write
// elsewhere in it, and before its database's connection publishes a commit or lets go of the
// log's write lock (SQLite's `xShmBarrier` and `xShmLock` on the database file).
#include "CWALWrites.h"

#include <pthread.h>
#include <sqlite3.h>
#include <stdatomic.h>
#include <string.h>
#include <strings.h>

/// A log's writes are gathered up to this many bytes: the most the unix VFS writes in one call
/// (`seekAndWriteFd` keeps 17 bits of the length; a longer write fails as a full disk). A Psalms
/// import's commit, about 2.8 MB, goes out in 22 writes rather than 1,357.
#define GATHERED_CAPACITY 0x1ffff

typedef struct GatherFile GatherFile;
struct GatherFile {
  sqlite3_file base;
  /// The default VFS's file, in the memory right after this struct.
  sqlite3_file *real;
  /// A main database file: its name as SQLite gave it (the key to its log's name), its log's file
  /// once that is open, whether its commits sync, and the next in the list of open databases.
  const char *name;
  GatherFile *log;
  int syncsCommits;
  GatherFile *nextDatabase;
  /// A log: its database's file, and the writes gathered (`length` bytes from `start`).
  GatherFile *database;
  unsigned char *gathered;
  sqlite3_int64 start;
  int length;
  int writes;
};

static sqlite3_vfs *defaultVFS;
static sqlite3_vfs gatherVFS;
static sqlite3_io_methods gatherMethods;
static pthread_mutex_t databasesLock = PTHREAD_MUTEX_INITIALIZER;
static GatherFile *databases;
static atomic_llong writeCount;
static atomic_llong gatheredCount;

/// Writes a log's gathered bytes, in one call. The buffer is empty afterwards, written or not.
static int flush(GatherFile *log) {
  if (log == NULL || log->length == 0) return SQLITE_OK;
  int rc = log->real->pMethods->xWrite(log->real, log->gathered, log->length, log->start);
  atomic_fetch_add(&writeCount, 1);
  if (log->writes > 1) atomic_fetch_add(&gatheredCount, 1);
  log->length = 0;
  log->writes = 0;
  return rc;
}

static int gatherClose(sqlite3_file *file) {
  GatherFile *g = (GatherFile *)file;
  int flushed = flush(g);
  pthread_mutex_lock(&databasesLock);
  if (g->database != NULL) g->database->log = NULL;
  if (g->name != NULL) {
    for (GatherFile **at = &databases; *at != NULL; at = &(*at)->nextDatabase) {
      if (*at == g) {
        *at = g->nextDatabase;
        break;
      }
    }
    if (g->log != NULL) g->log->database = NULL;
  }
  pthread_mutex_unlock(&databasesLock);
  sqlite3_free(g->gathered);
  g->gathered = NULL;
  int rc = g->real->pMethods->xClose(g->real);
  return flushed != SQLITE_OK ? flushed : rc;
}

static int gatherRead(sqlite3_file *file, void *buffer, int amount, sqlite3_int64 offset) {
  GatherFile *g = (GatherFile *)file;
  int rc = flush(g);
  return rc != SQLITE_OK ? rc : g->real->pMethods->xRead(g->real, buffer, amount, offset);
}

/// Whether a log's writes are gathered now: its database's commits sync, so the sync that makes a
/// commit writes them first and fails the commit if it cannot.
static int gathers(GatherFile *g) { return g->database != NULL && g->database->syncsCommits; }

static int gatherWrite(sqlite3_file *file, const void *bytes, int amount, sqlite3_int64 offset) {
  GatherFile *g = (GatherFile *)file;
  if (g->length > 0 && (offset != g->start + g->length || g->length + amount > GATHERED_CAPACITY || !gathers(g))) {
    int rc = flush(g);
    if (rc != SQLITE_OK) return rc;
  }
  if (!gathers(g) || amount > GATHERED_CAPACITY) {
    atomic_fetch_add(&writeCount, 1);
    return g->real->pMethods->xWrite(g->real, bytes, amount, offset);
  }
  if (g->gathered == NULL) {
    g->gathered = sqlite3_malloc(GATHERED_CAPACITY);
    if (g->gathered == NULL) {
      atomic_fetch_add(&writeCount, 1);
      return g->real->pMethods->xWrite(g->real, bytes, amount, offset);
    }
  }
  if (g->length == 0) g->start = offset;
  memcpy(g->gathered + g->length, bytes, (size_t)amount);
  g->length += amount;
  g->writes += 1;
  return SQLITE_OK;
}

static int gatherTruncate(sqlite3_file *file, sqlite3_int64 size) {
  GatherFile *g = (GatherFile *)file;
  int rc = flush(g);
  return rc != SQLITE_OK ? rc : g->real->pMethods->xTruncate(g->real, size);
}

static int gatherSync(sqlite3_file *file, int flags) {
  GatherFile *g = (GatherFile *)file;
  int rc = flush(g);
  return rc != SQLITE_OK ? rc : g->real->pMethods->xSync(g->real, flags);
}

static int gatherFileSize(sqlite3_file *file, sqlite3_int64 *size) {
  GatherFile *g = (GatherFile *)file;
  int rc = flush(g);
  return rc != SQLITE_OK ? rc : g->real->pMethods->xFileSize(g->real, size);
}

static int gatherLock(sqlite3_file *file, int level) {
  GatherFile *g = (GatherFile *)file;
  return g->real->pMethods->xLock(g->real, level);
}

static int gatherUnlock(sqlite3_file *file, int level) {
  GatherFile *g = (GatherFile *)file;
  return g->real->pMethods->xUnlock(g->real, level);
}

static int gatherCheckReservedLock(sqlite3_file *file, int *reserved) {
  GatherFile *g = (GatherFile *)file;
  return g->real->pMethods->xCheckReservedLock(g->real, reserved);
}

/// Whether `value` (of `PRAGMA synchronous = value`) makes every commit in WAL mode sync the log.
static int syncsEachCommit(const char *value) {
  return strcasecmp(value, "full") == 0 || strcasecmp(value, "extra") == 0 || strcmp(value, "2") == 0
    || strcmp(value, "3") == 0;
}

static int gatherFileControl(sqlite3_file *file, int op, void *argument) {
  GatherFile *g = (GatherFile *)file;
  if (op == SQLITE_FCNTL_PRAGMA && g->name != NULL) {
    // SQLite asks the database's file about every pragma first; a new `synchronous` is noted here
    // (the log's gathered writes, if any, go out before the change) and SQLite goes on to set it.
    char **words = (char **)argument;
    if (words[1] != NULL && words[2] != NULL && strcasecmp(words[1], "synchronous") == 0) {
      int rc = flush(g->log);
      if (rc != SQLITE_OK) return rc;
      g->syncsCommits = syncsEachCommit(words[2]);
    }
  } else {
    int rc = flush(g);
    if (rc != SQLITE_OK) return rc;
  }
  return g->real->pMethods->xFileControl(g->real, op, argument);
}

static int gatherSectorSize(sqlite3_file *file) {
  GatherFile *g = (GatherFile *)file;
  return g->real->pMethods->xSectorSize(g->real);
}

static int gatherDeviceCharacteristics(sqlite3_file *file) {
  GatherFile *g = (GatherFile *)file;
  return g->real->pMethods->xDeviceCharacteristics(g->real);
}

static int gatherShmMap(sqlite3_file *file, int page, int pageSize, int extend, void volatile **memory) {
  GatherFile *g = (GatherFile *)file;
  return g->real->pMethods->xShmMap(g->real, page, pageSize, extend, memory);
}

static int gatherShmLock(sqlite3_file *file, int offset, int count, int flags) {
  GatherFile *g = (GatherFile *)file;
  // A connection lets go of the log's write lock after a commit or a rollback: what it wrote goes
  // out first, so no other connection's frames are written over by it later. A failed write here
  // is of frames no commit published (a commit's went out at its sync), so it does not matter.
  if (flags & SQLITE_SHM_UNLOCK) flush(g->log);
  return g->real->pMethods->xShmLock(g->real, offset, count, flags);
}

static void gatherShmBarrier(sqlite3_file *file) {
  GatherFile *g = (GatherFile *)file;
  // Between the two copies of the log's index header that publish a commit (`walIndexWriteHdr`).
  flush(g->log);
  g->real->pMethods->xShmBarrier(g->real);
}

static int gatherShmUnmap(sqlite3_file *file, int deleteFlag) {
  GatherFile *g = (GatherFile *)file;
  flush(g->log);
  return g->real->pMethods->xShmUnmap(g->real, deleteFlag);
}

static int gatherFetch(sqlite3_file *file, sqlite3_int64 offset, int amount, void **pointer) {
  GatherFile *g = (GatherFile *)file;
  int rc = flush(g);
  return rc != SQLITE_OK ? rc : g->real->pMethods->xFetch(g->real, offset, amount, pointer);
}

static int gatherUnfetch(sqlite3_file *file, sqlite3_int64 offset, void *pointer) {
  GatherFile *g = (GatherFile *)file;
  return g->real->pMethods->xUnfetch(g->real, offset, pointer);
}

static int gatherOpen(sqlite3_vfs *vfs, sqlite3_filename name, sqlite3_file *file, int flags, int *outFlags) {
  GatherFile *g = (GatherFile *)file;
  memset(g, 0, sizeof(GatherFile));
  g->real = (sqlite3_file *)&g[1];
  int rc = defaultVFS->xOpen(defaultVFS, name, g->real, flags, outFlags);
  if (g->real->pMethods == NULL) return rc;
  g->base.pMethods = &gatherMethods;
  if (rc != SQLITE_OK) return rc;
  pthread_mutex_lock(&databasesLock);
  if ((flags & SQLITE_OPEN_MAIN_DB) && name != NULL) {
    g->name = name;
    g->nextDatabase = databases;
    databases = g;
  } else if ((flags & SQLITE_OPEN_WAL) && name != NULL) {
    // The connection's database file: SQLite names its log with the memory right after the
    // database's name (`sqlite3_filename_wal`), so the two names are found by address, one pair
    // per connection.
    for (GatherFile *database = databases; database != NULL; database = database->nextDatabase) {
      if (database->log == NULL && sqlite3_filename_wal(database->name) == name) {
        database->log = g;
        g->database = database;
        break;
      }
    }
  }
  pthread_mutex_unlock(&databasesLock);
  return rc;
}

static int vfsDelete(sqlite3_vfs *vfs, const char *name, int syncDir) {
  return defaultVFS->xDelete(defaultVFS, name, syncDir);
}
static int vfsAccess(sqlite3_vfs *vfs, const char *name, int flags, int *result) {
  return defaultVFS->xAccess(defaultVFS, name, flags, result);
}
static int vfsFullPathname(sqlite3_vfs *vfs, const char *name, int size, char *out) {
  return defaultVFS->xFullPathname(defaultVFS, name, size, out);
}
static void *vfsDlOpen(sqlite3_vfs *vfs, const char *name) { return defaultVFS->xDlOpen(defaultVFS, name); }
static void vfsDlError(sqlite3_vfs *vfs, int size, char *message) {
  defaultVFS->xDlError(defaultVFS, size, message);
}
static void (*vfsDlSym(sqlite3_vfs *vfs, void *library, const char *symbol))(void) {
  return defaultVFS->xDlSym(defaultVFS, library, symbol);
}
static void vfsDlClose(sqlite3_vfs *vfs, void *library) { defaultVFS->xDlClose(defaultVFS, library); }
static int vfsRandomness(sqlite3_vfs *vfs, int size, char *out) {
  return defaultVFS->xRandomness(defaultVFS, size, out);
}
static int vfsSleep(sqlite3_vfs *vfs, int microseconds) { return defaultVFS->xSleep(defaultVFS, microseconds); }
static int vfsCurrentTime(sqlite3_vfs *vfs, double *now) { return defaultVFS->xCurrentTime(defaultVFS, now); }
static int vfsGetLastError(sqlite3_vfs *vfs, int size, char *out) {
  return defaultVFS->xGetLastError(defaultVFS, size, out);
}
static int vfsCurrentTimeInt64(sqlite3_vfs *vfs, sqlite3_int64 *now) {
  return defaultVFS->xCurrentTimeInt64(defaultVFS, now);
}

static int registered = SQLITE_OK;
static pthread_once_t registration = PTHREAD_ONCE_INIT;

static void registerGatherVFS(void) {
  defaultVFS = sqlite3_vfs_find(NULL);
  if (defaultVFS == NULL || defaultVFS->iVersion < 2) {
    registered = SQLITE_ERROR;
    return;
  }
  gatherMethods = (sqlite3_io_methods){
    .iVersion = 3,
    .xClose = gatherClose,
    .xRead = gatherRead,
    .xWrite = gatherWrite,
    .xTruncate = gatherTruncate,
    .xSync = gatherSync,
    .xFileSize = gatherFileSize,
    .xLock = gatherLock,
    .xUnlock = gatherUnlock,
    .xCheckReservedLock = gatherCheckReservedLock,
    .xFileControl = gatherFileControl,
    .xSectorSize = gatherSectorSize,
    .xDeviceCharacteristics = gatherDeviceCharacteristics,
    .xShmMap = gatherShmMap,
    .xShmLock = gatherShmLock,
    .xShmBarrier = gatherShmBarrier,
    .xShmUnmap = gatherShmUnmap,
    .xFetch = gatherFetch,
    .xUnfetch = gatherUnfetch,
  };
  gatherVFS = (sqlite3_vfs){
    .iVersion = 2,
    .szOsFile = (int)sizeof(GatherFile) + defaultVFS->szOsFile,
    .mxPathname = defaultVFS->mxPathname,
    .zName = "scriptorium-gather",
    .xOpen = gatherOpen,
    .xDelete = vfsDelete,
    .xAccess = vfsAccess,
    .xFullPathname = vfsFullPathname,
    .xDlOpen = vfsDlOpen,
    .xDlError = vfsDlError,
    .xDlSym = vfsDlSym,
    .xDlClose = vfsDlClose,
    .xRandomness = vfsRandomness,
    .xSleep = vfsSleep,
    .xCurrentTime = vfsCurrentTime,
    .xGetLastError = vfsGetLastError,
    .xCurrentTimeInt64 = vfsCurrentTimeInt64,
  };
  registered = sqlite3_vfs_register(&gatherVFS, 1);
}

int scriptorium_gather_wal_writes(void) {
  pthread_once(&registration, registerGatherVFS);
  return registered;
}

void scriptorium_wal_write_counts(long long *writes, long long *gathered) {
  *writes = atomic_load(&writeCount);
  *gathered = atomic_load(&gatheredCount);
}
