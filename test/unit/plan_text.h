// What EXPLAIN shows for a statement, as one text, for tests that check a plan's shape.
#pragma once

#include <string>

#include "kiln/kiln.h"

namespace kiln::test {

inline std::string plan(Connection& con, const std::string& sql) {
   Result r = con.query("EXPLAIN " + sql);
   std::string text;
   for (size_t i = 0; i < r.rowCount(); ++i) text += r.getString(i, 0) + "\n";
   return text;
}

}  // namespace kiln::test
