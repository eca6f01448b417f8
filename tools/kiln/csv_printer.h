// CSV exactly as PostgreSQL's COPY ... TO STDOUT (FORMAT csv, HEADER) writes it; scripts depend on it.
#pragma once

#include <ostream>

namespace kiln {
class Result;
}

namespace kiln::shell {

void printCsv(const Result& result, std::ostream& out);

}  // namespace kiln::shell
