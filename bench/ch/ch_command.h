// kiln-bench ch: the CH-benCHmark (TPC-C transactions beside analytical queries) on kiln or SQLite.
#pragma once

namespace kiln::bench {

/// argv[0] is "ch". Exit status: 0 the run completed, no query failed (one may have timed out) and
/// the database was consistent every time it was checked; 1 it could not start, a statement failed, or a condition
/// did not hold; 2 bad arguments.
int chCommand(int argc, char** argv);

}  // namespace kiln::bench
