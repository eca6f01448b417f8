// PostgreSQL's typing rules as kiln applies them: type names, implicit coercions, result types.
#pragma once

#include <pg_query/pg_query.pb-c.h>
#include <optional>

#include "algebra/expression.h"
#include "common/numeric.h"

namespace kiln::types {

/// Resolves a TypeName ("int4", "numeric(15,2)", "varchar(25)", ...); throws 42704.
SqlType resolve(const PgQuery__TypeName& name);

/// The DECIMAL type that holds all values of an integer type: int -> numeric(10,0); others stay.
SqlType asDecimal(SqlType type);

/// The type both sides of a comparison or CASE are converted to; nullopt if there is none.
/// Two untyped literals stay untyped (the caller decides, usually TEXT); one meets the other type
/// without its modifiers (CHAR(1) and 'abc' meet as CHAR).
std::optional<SqlType> common(SqlType a, SqlType b);

/// Result type of `a op b`, nullopt when the operator does not exist for these types.
std::optional<SqlType> arithmetic(ArithOp op, SqlType a, SqlType b);

/// Result type of avg(x): NUMERIC for exact numbers (PostgreSQL's avg divides the sum by the count as
/// `/` does), double precision for the others.
SqlType average(SqlType argument);

/// The DECIMAL(p,s) that holds a finite NUMERIC exactly at its own scale (1.50 -> numeric(3,2)), if
/// one does (38 digits at most).
std::optional<SqlType> exactDecimal(const Numeric& n);

/// Whether CAST(from AS to) exists.
bool canCast(SqlType from, SqlType to);
/// Whether a value of `from` may be stored in a column of `to` without an explicit cast.
bool canAssign(SqlType from, SqlType to);

}  // namespace kiln::types
