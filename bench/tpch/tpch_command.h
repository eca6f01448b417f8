// `kiln-bench tpch`: options in, report out, exit status from answers and errors.
#pragma once

namespace kiln::bench {

/// argv[0] is "tpch". Exit status: 0 all well; 1 a wrong answer, a failed query (unless
/// --allow-errors), or data that could not be generated or loaded; 2 bad arguments.
int tpchCommand(int argc, char** argv);

}  // namespace kiln::bench
