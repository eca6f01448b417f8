// kiln-bench fork: what a fork() snapshot costs the database that is forked.
#pragma once

namespace kiln::bench {

/// argv[0] is "fork". Exit status: 0 measured; 1 a database could not be loaded or measured; 2 bad
/// arguments.
int forkCommand(int argc, char** argv);

}  // namespace kiln::bench
