// TPC-H query text in PostgreSQL's dialect, adapted to SQLite's only where SQLite demands it.
#pragma once

#include <string>

namespace kiln::bench {

/// Rewrites, in this order:
///  - CAST('1998-09-02' AS date) and DATE '1998-09-02' -> '1998-09-02' (dates are stored as ISO text,
///    which compares correctly; SQLite's CAST(... AS date) would give the number 1998)
///  - '1994-01-01' + interval '3' month -> date('1994-01-01', '+3 months') (also day, year, and '-')
///  - extract(year FROM x) -> CAST(strftime('%Y', x) AS INTEGER) (also month, day)
///  - substring(x FROM a FOR b) -> substr(x, a, b)
///  - FROM (SELECT ...) AS name (c1, c2) -> a CTE name(c1, c2): SQLite has no column list on a derived table
std::string toSqliteDialect(const std::string& sql);

}  // namespace kiln::bench
