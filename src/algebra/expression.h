// Typed scalar expressions over IUs. One node type with a kind tag keeps cloning, comparison and
// the expression compiler's dispatch simple.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "algebra/iu.h"
#include "common/value.h"

namespace kiln {

struct Sequence;

enum class ExprKind : uint8_t {
   ColumnRef,   // iu
   Constant,    // constant
   Cast,        // children[0] to type
   Arithmetic,  // op: ArithOp; children[0], children[1]
   Negate,      // -children[0]
   Comparison,  // op: CompareOp
   And,         // children (any number)
   Or,
   Not,
   IsNull,      // negated: IS NOT NULL
   Case,        // children: cond0, result0, cond1, result1, ..., [else]; hasElse
   Like,        // children: value, pattern; negated; op: 1 = ILIKE
   InList,      // children: value, item0, item1, ...; negated
   Function,    // op: FunctionId; children: arguments
   Parameter,   // $parameter, a value given when a prepared statement runs
};

enum class ArithOp : uint8_t { Add, Sub, Mul, Div, Mod, Concat };
enum class CompareOp : uint8_t { Eq, Ne, Lt, Le, Gt, Ge, IsDistinct, IsNotDistinct };

enum class FunctionId : uint8_t {
   Substring,  // (s, from[, for])
   Upper,
   Lower,
   Length,
   OctetLength,
   Trim,   // (s[, chars]) both sides
   LTrim,
   RTrim,
   Position,  // (needle, haystack)
   Replace,
   Left,
   Right,
   Concat,    // NULL arguments are skipped
   ConcatWs,  // (separator, ...): NULL only when the separator is
   LPad,      // (s, length[, fill])
   RPad,
   SplitPart,
   Reverse,
   Repeat,
   Initcap,
   StartsWith,
   Ascii,
   Chr,
   Abs,
   Round,    // (x[, digits]): digits is a constant
   Trunc,    // like Round
   Ceil,
   Floor,
   Sign,
   Sqrt,  // Sqrt to Power: of double precision, or of NUMERIC (its result scale PostgreSQL's)
   Cbrt,
   Exp,
   Ln,
   Log10,
   LogBase,  // (base, x)
   Power,
   DivTruncated,  // div(a, b) of NUMERIC: the quotient truncated to an integer
   BitAnd,  // the integer operators &, |, #, ~, << and >> (shifts by an integer)
   BitOr,
   BitXor,
   BitNot,
   ShiftLeft,
   ShiftRight,
   Gcd,          // integers
   Lcm,
   WidthBucket,  // (operand, low, high, count): double precision, NUMERIC, or decimals of one scale
   MakeDate,
   Translate,
   QuoteLiteral,
   QuoteIdent,
   Format,  // (format, texts...): NULL texts are arguments too
   ToDate,       // (text, pattern)
   ToTimestamp,  // (text, pattern): the local timestamp, which a cast makes a timestamptz
   ToTimestampEpoch,  // (seconds since 1970 UTC): a timestamptz
   JustifyDays,
   JustifyHours,
   JustifyInterval,
   Greatest,  // NULL arguments are skipped
   Least,
   ExtractYear,
   ExtractMonth,
   ExtractDay,
   ExtractQuarter,
   ExtractDow,
   ExtractDoy,
   ExtractWeek,  // the ISO 8601 week date's week, weekday (1 = Monday) and year
   ExtractIsoDow,
   ExtractIsoYear,
   ExtractDecade,
   ExtractCentury,
   ExtractMillennium,
   ExtractInterval,  // an interval's field, `constant` says which (kiln_interval_extract)
   ExtractHour,  // ExtractHour to ExtractEpoch: of a timestamp or time (the fields above take its date)
   ExtractMinute,
   ExtractSecond,  // microseconds within the minute: a DECIMAL whose scale makes it seconds, ms or us
   ExtractEpoch,   // microseconds since 1970 (of a time: since midnight): a DECIMAL with scale 6; of a date seconds, a BIGINT
   // ExtractYear to ExtractEpoch of a date, timestamp or timestamptz typed double precision are
   // date_part's: computed as the type in `constant`, extract's, then converted.
   DateTrunc,      // (timestamp or timestamptz): the unit (timestamp::Unit) is the constant
   Age,            // (timestamp, timestamp): the symbolic difference (timestamp::age), an interval
   IsFinite,       // (date, timestamp, timestamptz or interval): not ±infinity
   CurrentTimestamp,  // the transaction's start: a timestamptz
   NextIdentity,      // an identity column's next value (counter: the column's); volatile as Random
   SequenceNext,      // nextval(name), currval(name), lastval(), setval(name, value[, is_called]) of
   SequenceCurrent,   // `sequence` (the name is a constant first argument); volatile as Random
   SequenceLast,
   SequenceSet,
   CurrentSetting,  // current_setting(name[, missing_ok]): the connection's setting as SHOW gives it
   SetConfig,       // set_config(name, value, is_local): SET from a query; volatile as Random
   // Regular expressions: the constant is the flags (text, see RegexFlags).
   RegexMatch,    // (s, pattern): s ~ pattern
   RegexReplace,  // (s, pattern, replacement)
   RegexCount,    // (s, pattern, start)
   RegexSubstr,   // (s, pattern, start, occurrence, group)
   RegexSubstring,  // (s, pattern): substring(s FROM pattern), the first group's part or the whole match
   Md5,
   ToChar,         // (timestamp, timestamptz, interval or number, pattern)
   AtTimeZone,     // timezone(zone, timestamp or timestamptz): the zone a text or an interval
   Random,  // volatile: a new value each time, never folded, never the same expression as another
   // Arrays (their canonical text, common/array_text.h); NULL arguments as each function says.
   ArrayBuild,        // ARRAY[e1, ...]: the elements as text
   ArraySubscript,    // (array, index): the element's text, NULL out of range
   ArrayCardinality,  // (array)
   ArrayLength,       // (array, dimension): array_length and array_upper
   ArrayLower,        // (array, dimension)
   ArrayNdims,        // (array)
   ArrayDims,         // (array): '[1:n]'
   ArrayToString,     // (array, separator[, NULL's text])
   StringToArray,     // (text, separator[, text that is NULL])
   ArrayCat,          // (array, array): NULL only when both are
   ArrayAppend,       // (array, element): never NULL
   ArrayPrepend,      // (element, array)
   ArrayPosition,     // (array, element[, start]): NULL matches NULL
   ArrayRemove,       // (array, element)
   ArrayReplace,      // (array, element, replacement)
   ArrayCompare,      // (value, array): value op ANY/ALL (array); constant: CompareOp | ALL << 8
   ArrayElementText,  // (value as text): as an element in an array's text (quoted where needed); constant: the packed element type
   ArraySlice,        // (array, lower, upper): a[lower:upper]
   ArrayContains,     // (a, b): a @> b, or a && b when the constant is 1
};

/// Expr::op of a Cast: a DATE converted to compare with a TIMESTAMP or TIMESTAMPTZ, as PostgreSQL's
/// date_cmp_timestamp compares them: a date past the timestamp range is above every finite
/// timestamp and below infinity, never an error (timestamp::fromDateForComparison).
constexpr uint8_t castForComparison = 1;

struct Expr {
   ExprKind kind;
   SqlType type;
   bool nullable = true;
   int position = 0;  // in the SQL text, for errors raised at run time
   uint8_t op = 0;
   bool negated = false;
   bool hasElse = false;
   const IU* iu = nullptr;
   int literal = -1;                  // Constant: what it holds of the statement's literals (literal_slots.h), else -1
   int parameter = 0;                 // Parameter: its number, 1-based
   SqlType* parameterType = nullptr;  // Parameter: the plan's record of its type
   int64_t* counter = nullptr;        // NextIdentity: the column's counter
   Sequence* sequence = nullptr;      // SequenceNext, SequenceCurrent, SequenceSet
   std::vector<std::unique_ptr<Expr>> children;

   Expr(ExprKind kind, SqlType type) : kind(kind), type(type) {}

   /// A Constant's value, or a Function's constant argument. Reading a literal's value makes
   /// the plan depend on it: a cached plan is then reused only for that same value.
   const Value& constant() const {
      if (literal >= 0) [[unlikely]]
         pinLiteral(literal);
      return constant_;
   }
   /// A literal's value, read by what a cached plan does again for each new value (converting
   /// it, estimating with it) or by code that reads it as a parameter.
   const Value& literalValue() const { return constant_; }
   void setConstant(Value value) { constant_ = std::move(value); }

   ArithOp arithOp() const { return ArithOp(op); }
   CompareOp compareOp() const { return CompareOp(op); }
   FunctionId functionId() const { return FunctionId(op); }
   /// Whether evaluating it twice may give two values (random()).
   bool isVolatile() const;

   std::unique_ptr<Expr> clone() const;
   bool equals(const Expr& other) const;
   /// The same, reading `sameIU(mine, other's)` for the IUs instead of requiring the same ones.
   bool equals(const Expr& other, const std::function<bool(const IU*, const IU*)>& sameIU) const;
   /// Every IU this expression reads.
   void collectIUs(std::vector<const IU*>& out) const;
   std::string toString() const;

   static std::unique_ptr<Expr> columnRef(const IU* iu);
   /// The column under a cast that changes only a decimal's precision (the stored values stay
   /// as they are), else this expression.
   const Expr& withoutPrecisionCast() const;
   /// The AND of `parts`: nullptr for none, the one part alone.
   static std::unique_ptr<Expr> conjunction(std::vector<std::unique_ptr<Expr>> parts);
   /// The parts of a conjunction (a row's = is one AND of its pairs); of another condition, itself.
   static std::vector<std::unique_ptr<Expr>> conjuncts(std::unique_ptr<Expr> e);
   /// `a = b`.
   static std::unique_ptr<Expr> equality(std::unique_ptr<Expr> a, std::unique_ptr<Expr> b);
   /// CASE WHEN `condition` THEN `then` ELSE `otherwise` END; without `otherwise`, ELSE NULL.
   static std::unique_ptr<Expr> caseWhen(std::unique_ptr<Expr> condition, std::unique_ptr<Expr> then, std::unique_ptr<Expr> otherwise = nullptr);
   static std::unique_ptr<Expr> constantOf(Value value);

   private:
   static void pinLiteral(int literal);
   Value constant_;
};

using ExprPtr = std::unique_ptr<Expr>;

const char* functionName(FunctionId id);
/// Whether CAST(x AS to) may be NULL where x is not: the time of an infinite timestamp.
bool castCanMakeNull(SqlType from, SqlType to);
/// "=", "<>", ..., "IS NOT DISTINCT FROM".
const char* comparisonName(CompareOp op);

}  // namespace kiln
