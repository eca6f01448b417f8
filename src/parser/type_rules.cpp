#include "parser/type_rules.h"

#include <algorithm>
#include <cstring>
#include <string>

#include "algebra/literal_slots.h"
#include "common/decimal.h"

namespace kiln::types {

/// PostgreSQL's limit on CHAR(n) and VARCHAR(n) (10 MiB characters).
static constexpr int32_t maxCharacterLength = 10485760;

static int32_t typmodInteger(const PgQuery__Node* node) {
   if (node->node_case == PG_QUERY__NODE__NODE_A_CONST && node->a_const->val_case == PG_QUERY__A__CONST__VAL_IVAL) {
      LiteralSlots::readFromTree(node->a_const);
      return node->a_const->ival->ival;
   }
   throw Error("42601", "type modifiers must be simple constants");
}

SqlType resolve(const PgQuery__TypeName& typeName) {
   std::string name;
   for (size_t i = 0; i < typeName.n_names; ++i) {
      std::string part = typeName.names[i]->string->sval;
      if (part == "pg_catalog" && typeName.n_names > 1) continue;
      name = part;
   }
   int position = typeName.location + 1;
   auto modifier = [&](size_t i, int32_t fallback) { return i < typeName.n_typmods ? typmodInteger(typeName.typmods[i]) : fallback; };
   // int[], int[3], int[][] and int ARRAY are all the one array type, as in PostgreSQL.
   if (typeName.n_array_bounds) {
      PgQuery__TypeName element = typeName;
      element.n_array_bounds = 0;
      return SqlType::array(resolve(element));
   }
   if (name == "bool" || name == "boolean") return SqlType::boolean();
   if (name == "int2" || name == "smallint") return SqlType::smallInt();
   if (name == "int4" || name == "int" || name == "integer") return SqlType::integer();
   if (name == "int8" || name == "bigint") return SqlType::bigInt();
   if (name == "float4" || name == "real") return SqlType::real();
   if (name == "float8" || name == "double precision") return SqlType::double_();
   if (name == "float") return modifier(0, 53) <= 24 ? SqlType::real() : SqlType::double_();
   if (name == "numeric" || name == "decimal") {
      // Without a precision: exact, any size, each value with its own scale. With one: fixed-point.
      if (!typeName.n_typmods) return SqlType::numeric();
      int32_t precision = modifier(0, 0);
      int32_t scale = modifier(1, 0);
      if (precision < 1 || precision > 1000) throw Error("22023", "NUMERIC precision " + std::to_string(precision) + " must be between 1 and 1000", position);
      if (precision > int32_t(decimal::maxPrecision))
         throw Error("0A000", "NUMERIC precision " + std::to_string(precision) + " is not supported yet (at most 38; NUMERIC without a precision has any)",
                     position);
      if (scale < 0 || scale > precision)
         throw Error("22023", "NUMERIC scale " + std::to_string(scale) + " must be between 0 and precision " + std::to_string(precision), position);
      return SqlType::decimal(unsigned(precision), unsigned(scale));
   }
   if (name == "date") return SqlType::date();
   if (name == "interval") return SqlType::interval();
   if (name == "text") return SqlType::text();
   if (name == "bpchar" || name == "char" || name == "character") {
      // PostgreSQL's grammar gives CHAR and CHARACTER without a length the length 1; the type
      // bpchar named as such, without one, has no length limit.
      if (name == "bpchar" && !typeName.n_typmods) return SqlType::char_(0);
      int32_t length = modifier(0, 1);
      if (length < 1) throw Error("22023", "length for type char must be at least 1", position);
      if (length > maxCharacterLength) throw Error("22023", "length for type char cannot exceed " + std::to_string(maxCharacterLength), position);
      return SqlType::char_(uint32_t(length));
   }
   if (name == "varchar" || name == "character varying") {
      int32_t length = modifier(0, 0);
      if (typeName.n_typmods && length < 1) throw Error("22023", "length for type varchar must be at least 1", position);
      if (length > maxCharacterLength) throw Error("22023", "length for type varchar cannot exceed " + std::to_string(maxCharacterLength), position);
      return SqlType::varchar(uint32_t(length));
   }
   if (name == "timestamp" || name == "timestamptz" || name == "time") {
      // PostgreSQL reduces a precision above 6 to 6 (with a warning).
      int32_t p = modifier(0, -1);
      const char* upper = name == "time" ? "TIME" : "TIMESTAMP";
      if (typeName.n_typmods && p < 0)
         throw Error("22023",
                     std::string(upper) + "(" + std::to_string(p) + ")" + (name == "timestamptz" ? " WITH TIME ZONE" : "") + " precision must not be negative",
                     position);
      p = std::min(p, 6);
      return name == "timestamp" ? SqlType::timestamp(p) : name == "timestamptz" ? SqlType::timestampTz(p) : SqlType::time(p);
   }
   if (name == "timetz") throw Error("0A000", "type time with time zone is not supported yet", position);
   throw Error("42704", "type \"" + name + "\" does not exist", position);
}

SqlType asDecimal(SqlType type) {
   switch (type.id) {
      case TypeId::SmallInt: return SqlType::decimal(5, 0);
      case TypeId::Integer: return SqlType::decimal(10, 0);
      case TypeId::BigInt: return SqlType::decimal(19, 0);
      default: return type;
   }
}

/// Date < timestamp < timestamptz: where two meet, the other converts to the later one.
static int momentRank(TypeId id) { return id == TypeId::Date ? 0 : id == TypeId::Timestamp ? 1 : 2; }

static int integerRank(TypeId id) { return id == TypeId::SmallInt ? 0 : id == TypeId::Integer ? 1 : 2; }

static SqlType widerDecimal(SqlType a, SqlType b) {
   a = asDecimal(a);
   b = asDecimal(b);
   unsigned scale = std::max(a.scale, b.scale);
   unsigned integral = std::max(a.precision - a.scale, b.precision - b.scale);
   return SqlType::decimal(std::min(integral + scale, decimal::maxPrecision), scale);
}

/// The type without its length (CHAR, VARCHAR) or fractional digits (TIMESTAMP, TIMESTAMPTZ,
/// TIME), also of an array's elements. DECIMAL keeps its precision and scale, so that the other
/// side keeps its fixed-point representation.
static SqlType withoutModifiers(SqlType type) {
   TypeId id = type.isArray() ? type.element : type.id;
   if (id == TypeId::Char || id == TypeId::Varchar) type.length = 0;
   if (id == TypeId::Timestamp || id == TypeId::TimestampTz || id == TypeId::Time) type.precision = 0;
   return type;
}

std::optional<SqlType> common(SqlType a, SqlType b) {
   // An untyped literal (or NULL) meets a type as that type without modifiers, as in PostgreSQL:
   // CASE ... THEN 'abc' ELSE a CHAR(1) column END is CHAR, and keeps 'abc' whole.
   if (a.id == TypeId::Unknown) return withoutModifiers(b);
   if (b.id == TypeId::Unknown) return withoutModifiers(a);
   if (a == b) return a;
   if (a.isNumeric() && b.isNumeric()) {
      if (a.isFloat() || b.isFloat()) return (a.id == TypeId::Real && b.id == TypeId::Real) ? SqlType::real() : SqlType::double_();
      if (a.isInteger() && b.isInteger()) return integerRank(a.id) >= integerRank(b.id) ? a : b;
      if (a.id == TypeId::Numeric || b.id == TypeId::Numeric) return SqlType::numeric();
      return widerDecimal(a, b);
   }
   if (a.isString() && b.isString()) {
      if (a.id == TypeId::Char && b.id == TypeId::Char) return SqlType::char_(a.length && b.length ? std::max(a.length, b.length) : 0);
      // CHAR against another string compares as CHAR (unbounded): trailing blanks do not count.
      if (a.id == TypeId::Char || b.id == TypeId::Char) return SqlType::char_(0);
      if (a.id == TypeId::Varchar && b.id == TypeId::Varchar && a.length && b.length) return SqlType::varchar(std::max(a.length, b.length));
      return SqlType::text();
   }
   // Arrays meet arrays whose elements meet (int[] and numeric[] as numeric[], in UNION, CASE,
   // ||, ...); comparisons ask for one element type besides (ExpressionBinder::bindOperator).
   if (a.isArray() || b.isArray()) {
      if (a.id != b.id) return std::nullopt;
      auto element = common(a.elementType(), b.elementType());
      return element ? std::optional<SqlType>(SqlType::array(*element)) : std::nullopt;
   }
   // TIMESTAMP(p), TIMESTAMPTZ(p) and TIME(p) of different p meet without it, as in PostgreSQL.
   bool fractionalSeconds = a.id == TypeId::Timestamp || a.id == TypeId::TimestampTz || a.id == TypeId::Time;
   if (a.id == b.id && fractionalSeconds && a.precision != b.precision) return SqlType{a.id};
   if (a.id == b.id) return a;  // e.g. two DECIMALs handled above; same id, other modifiers
   // A date meets a timestamp as its midnight, a timestamp meets a timestamptz in the session's zone.
   if (a.isMoment() && b.isMoment()) return SqlType{momentRank(a.id) > momentRank(b.id) ? a.id : b.id};
   return std::nullopt;
}

SqlType average(SqlType argument) { return argument.isFloat() ? SqlType::double_() : SqlType::numeric(); }

std::optional<SqlType> arithmetic(ArithOp op, SqlType a, SqlType b) {
   if (op == ArithOp::Concat) {
      if (a.isString() || b.isString() || a.id == TypeId::Unknown || b.id == TypeId::Unknown) return SqlType::text();
      return std::nullopt;
   }
   // date ± interval is a timestamp, as in PostgreSQL: the date counts as its midnight.
   bool aMoment = a.isMoment(), bMoment = b.isMoment();
   auto shifted = [](SqlType moment) { return moment.id == TypeId::TimestampTz ? SqlType::timestampTz() : SqlType::timestamp(); };
   if (aMoment || bMoment) {
      if ((op == ArithOp::Add || op == ArithOp::Sub) && aMoment && b.id == TypeId::Interval) return shifted(a);
      if (op == ArithOp::Add && bMoment && a.id == TypeId::Interval) return shifted(b);
      if (op == ArithOp::Add && ((a.id == TypeId::Date && b.id == TypeId::Time) || (a.id == TypeId::Time && b.id == TypeId::Date))) return SqlType::timestamp();
      // Days as INTEGER (or SMALLINT, which converts to it); PostgreSQL has no date + bigint.
      auto days = [](SqlType t) { return t.id == TypeId::Integer || t.id == TypeId::SmallInt; };
      if (op == ArithOp::Add && a.id == TypeId::Date && days(b)) return SqlType::date();
      if (op == ArithOp::Add && b.id == TypeId::Date && days(a)) return SqlType::date();
      if (op == ArithOp::Sub && a.id == TypeId::Date && days(b)) return SqlType::date();
      if (op == ArithOp::Sub && aMoment && bMoment) return a.id == TypeId::Date && b.id == TypeId::Date ? SqlType::integer() : SqlType::interval();
      return std::nullopt;
   }
   if (a.id == TypeId::Time || b.id == TypeId::Time) {
      if ((op == ArithOp::Add || op == ArithOp::Sub) && a.id == TypeId::Time && b.id == TypeId::Interval) return SqlType::time();
      if (op == ArithOp::Add && a.id == TypeId::Interval && b.id == TypeId::Time) return SqlType::time();
      if (op == ArithOp::Sub && a.id == TypeId::Time && b.id == TypeId::Time) return SqlType::interval();
      return std::nullopt;
   }
   if (a.id == TypeId::Interval && b.id == TypeId::Interval && (op == ArithOp::Add || op == ArithOp::Sub)) return SqlType::interval();
   // An interval times or divided by a number (any: PostgreSQL computes in double precision).
   if (op == ArithOp::Mul && ((a.id == TypeId::Interval && b.isNumeric()) || (b.id == TypeId::Interval && a.isNumeric()))) return SqlType::interval();
   if (op == ArithOp::Div && a.id == TypeId::Interval && b.isNumeric()) return SqlType::interval();
   if (!a.isNumeric() || !b.isNumeric()) return std::nullopt;
   if (a.isFloat() || b.isFloat()) {
      if (op == ArithOp::Mod) return std::nullopt;  // PostgreSQL has no float modulo
      return (a.id == TypeId::Real && b.id == TypeId::Real) ? SqlType::real() : SqlType::double_();
   }
   if (a.isInteger() && b.isInteger()) return integerRank(a.id) >= integerRank(b.id) ? a : b;
   // PostgreSQL's quotient scale depends on the values (select_div_scale): NUMERIC, as any
   // arithmetic with a NUMERIC.
   if (op == ArithOp::Div || a.id == TypeId::Numeric || b.id == TypeId::Numeric) return SqlType::numeric();
   SqlType x = asDecimal(a), y = asDecimal(b);
   unsigned p1 = x.precision, s1 = x.scale, p2 = y.precision, s2 = y.scale;
   const unsigned maxP = decimal::maxPrecision;
   switch (op) {
      case ArithOp::Add:
      case ArithOp::Sub: {
         unsigned scale = std::max(s1, s2);
         unsigned integral = std::max(p1 - s1, p2 - s2) + 1;
         return SqlType::decimal(std::min(integral + scale, maxP), scale);
      }
      case ArithOp::Mul:
         // The product's scale is the sum of the scales: past 38 digits only NUMERIC has it.
         if (s1 + s2 > maxP) return SqlType::numeric();
         return SqlType::decimal(std::min(p1 + p2, maxP), s1 + s2);
      case ArithOp::Div: break;
      case ArithOp::Mod: {
         unsigned scale = std::max(s1, s2);
         return SqlType::decimal(std::min(std::max(p1 - s1, p2 - s2) + scale, maxP), scale);
      }
      case ArithOp::Concat: break;
   }
   return std::nullopt;
}

std::optional<SqlType> exactDecimal(const Numeric& n) {
   if (!n.isFinite()) return std::nullopt;
   int64_t integral = n.isZero() ? 0 : std::max<int64_t>(n.leadingExponent() + 1, 0);
   int64_t precision = std::max<int64_t>(integral + n.displayScale(), 1);
   if (precision > int64_t(decimal::maxPrecision)) return std::nullopt;
   return SqlType::decimal(unsigned(precision), unsigned(n.displayScale()));
}

bool canCast(SqlType from, SqlType to) {
   if (from.id == TypeId::Unknown || from == to) return true;
   if (from.isArray() && to.isArray()) return canCast(from.elementType(), to.elementType());
   if (from.isString() || to.isString()) return true;  // through the text form
   if (from.isNumeric() && to.isNumeric()) return true;
   if (from.id == TypeId::Boolean && to.id == TypeId::Integer) return true;
   if (from.id == TypeId::Integer && to.id == TypeId::Boolean) return true;
   if (from.isMoment() && to.isMoment()) return true;
   if ((from.id == TypeId::Timestamp || from.id == TypeId::TimestampTz) && to.id == TypeId::Time) return true;
   return from.id == to.id;
}

bool canAssign(SqlType from, SqlType to) {
   if (from.isArray() && to.isArray()) return canAssign(from.elementType(), to.elementType());
   if (from.isArray() || to.isArray()) return from.id == TypeId::Unknown || to.isString();
   if (from.id == TypeId::Unknown || from.id == to.id) return true;
   if (from.isNumeric() && to.isNumeric()) return true;
   if (from.isMoment() && to.isMoment()) return true;
   if ((from.id == TypeId::Timestamp || from.id == TypeId::TimestampTz) && to.id == TypeId::Time) return true;
   // Every type has an assignment cast to the string types (through its text form).
   return to.isString();
}

}  // namespace kiln::types
