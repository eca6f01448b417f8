// Conversions of literal values done while binding, as PostgreSQL's parser does for
// `DATE '1998-12-01'`, `'24'::integer` or `0.05` compared with a DECIMAL(15,2).
#pragma once

#include <optional>

#include "algebra/expression.h"

namespace kiln::folding {

/// The literal converted to `target`, or nullopt when the conversion is left to generated code.
/// `explicitCast` allows the lossy forms of CAST (string truncation).
std::optional<Value> convert(const Value& value, SqlType target, bool explicitCast);

/// A DATE literal as the value it compares as with a TIMESTAMP or TIMESTAMPTZ (castForComparison).
Value dateForComparison(const Value& date, SqlType target);

/// Folds `date ± integer`, `timestamp ± interval` (also timestamptz and time), `interval +
/// timestamp`, `timestamp - timestamp`, `time - time` and `date + time` over literals (a date among
/// timestamps converted already); nullopt otherwise. Time zones are the session's.
std::optional<Value> dateTimeArithmetic(ArithOp op, const Value& left, const Value& right);

/// Folds `a op b` (+ - * / %) of exact numbers where one is a NUMERIC without a precision, exactly
/// and with PostgreSQL's scale; nullopt for other operands (NULLs too).
std::optional<Value> numericArithmetic(ArithOp op, const Value& left, const Value& right);

/// The date d such that `date op d` holds exactly when `date op timestamp` does, for a timestamp
/// given in microseconds; nullopt when there is none (= or <> with a time other than midnight).
/// It lets `o_orderdate < DATE '1995-01-01' + INTERVAL '3' MONTH` compare dates, so that the
/// column's statistics and indexes still apply and no row is converted.
std::optional<Value> dateBound(CompareOp op, int64_t micros);

}  // namespace kiln::folding
