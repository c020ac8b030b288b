// A layer over SQLite's default file system (VFS) that gathers the frames a commit appends to a
// write-ahead log into one write: SQLite writes each frame as two `pwrite`s (its 24-byte header,
// then its page), 1,357 system calls for a Psalms import. Only the logs of databases whose
// commits sync (`PRAGMA synchronous = FULL` or `EXTRA`) are gathered, since their frames then
// reach the file at the sync that makes the commit, and a failed write fails the commit.
#ifndef CWALWRITES_H
#define CWALWRITES_H

/// Makes the layer SQLite's default VFS for the databases opened after it (once per process;
/// later calls do nothing). Returns SQLite's result code.
int scriptorium_gather_wal_writes(void);

/// How many `xWrite` calls reached the file system through the layer, and how many of them were
/// gathered writes of several; for tests.
void scriptorium_wal_write_counts(long long *writes, long long *gathered);

#endif
