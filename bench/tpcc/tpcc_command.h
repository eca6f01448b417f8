// kiln-bench tpcc: TPC-C on kiln or SQLite.
#pragma once

namespace kiln::bench {

/// argv[0] is "tpcc". Exit status: 0 the run completed and the database is consistent; 1 it could
/// not start, a statement failed, or a consistency condition does not hold; 2 bad arguments.
int tpccCommand(int argc, char** argv);

}  // namespace kiln::bench
