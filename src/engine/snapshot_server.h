// The child side of a snapshot: a process forked from the database's, which rolls back the
// transaction block that was open at the fork (the snapshot holds committed work only) and then
// runs the statements connections send it, one at a time, each on a thread of its own while
// the main thread watches for cancels. It never touches the database's files.
#pragma once

namespace kiln {

class DatabaseImpl;

/// Runs in the child just after fork() until `control` (its socket from the parent) closes.
[[noreturn]] void serveSnapshot(DatabaseImpl& database, int control);

}  // namespace kiln
