// PostgreSQL's typing rules as kiln applies them: type names, implicit coercions, result types.
#pragma once

#include <optional>
#include <pg_query/pg_query.pb-c.h>

#include "algebra/expression.h"

namespace kiln::types {

/// Resolves a TypeName ("int4", "numeric(15,2)", "varchar(25)", ...); throws 42704.
SqlType resolve(const PgQuery__TypeName& name);

/// The integer type a DECIMAL needs to hold all values of an integer type: int -> numeric(10,0).
SqlType asDecimal(SqlType type);

/// The type both sides of a comparison or CASE are converted to; nullopt if there is none.
/// Two untyped literals stay untyped (the caller decides, usually TEXT); one meets the other type
/// without its modifiers (CHAR(1) and 'abc' meet as CHAR).
std::optional<SqlType> common(SqlType a, SqlType b);

/// Result type of `a op b`, nullopt when the operator does not exist for these types.
std::optional<SqlType> arithmetic(ArithOp op, SqlType a, SqlType b);

/// Result type of avg(x) for an exact x (PostgreSQL's avg divides the sum by the count as `/` does).
SqlType average(SqlType argument);

/// Whether CAST(from AS to) exists.
bool canCast(SqlType from, SqlType to);
/// Whether a value of `from` may be stored in a column of `to` without an explicit cast.
bool canAssign(SqlType from, SqlType to);

}  // namespace kiln::types
