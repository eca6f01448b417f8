// Functions whose every call is rewritten into other expressions when bound: pi() a constant,
// mod an operator, overlay substrings, extract and date_part the field's function. Not registry
// entries: an entry has code of its own.
#include <numbers>
#include <tuple>

#include "common/timestamp.h"
#include "common/version.h"
#include "parser/expression_binder.h"
#include "parser/function_binder.h"
#include "parser/session_identity.h"

namespace kiln {

namespace {

struct Rewrite {
   const std::string& name;
   std::vector<ExprPtr>& args;
   int position;
   ExpressionBinder& binder;
};

ExprPtr text(const std::string& s) { return Expr::constantOf(Value::ofString(SqlType::text(), s)); }
ExprPtr integer(int64_t v, SqlType type) { return Expr::constantOf(Value::ofInteger(type, v)); }

ExprPtr isNull(ExprPtr e, bool negated, int position) {
   auto test = ExpressionBinder::makeExpr(ExprKind::IsNull, SqlType::boolean(), false, position);
   test->negated = negated;
   test->children.push_back(std::move(e));
   return test;
}

/// overlay(s PLACING r FROM start [FOR count]) = substring(s, 1, start - 1) || r ||
/// substring(s, start + count), count by default r's length (PostgreSQL's textoverlay).
ExprPtr overlay(const Rewrite& call) {
   std::vector<ExprPtr>& args = call.args;
   int position = call.position;
   ExpressionBinder& binder = call.binder;
   for (size_t i = 0; i < args.size(); ++i) convertArgument(args, i, i < 2 ? ParameterType::Text : ParameterType::BigInt, call.name, position);
   // textoverlay is strict: any NULL argument makes the result NULL before the substrings'
   // length checks (a negative length from FROM 0) can fail.
   auto anyNull = ExpressionBinder::makeExpr(ExprKind::Or, SqlType::boolean(), false, position);
   for (auto& arg : args) anyNull->children.push_back(isNull(arg->clone(), false, position));
   std::vector<ExprPtr> replacement;
   replacement.push_back(args[1]->clone());
   ExprPtr count = args.size() == 4 ? std::move(args[3]) : binder.bindFunction("length", std::move(replacement), position);
   std::vector<ExprPtr> head, tail;
   head.push_back(args[0]->clone());
   head.push_back(integer(1, SqlType::bigInt()));
   head.push_back(ExpressionBinder::bindOperator("-", args[2]->clone(), integer(1, SqlType::bigInt()), position));
   tail.push_back(std::move(args[0]));
   tail.push_back(ExpressionBinder::bindOperator("+", std::move(args[2]), std::move(count), position));
   ExprPtr joined = ExpressionBinder::bindOperator("||", binder.bindFunction("substring", std::move(head), position), std::move(args[1]), position);
   ExprPtr overlaid = ExpressionBinder::bindOperator("||", std::move(joined), binder.bindFunction("substring", std::move(tail), position), position);
   auto e = ExpressionBinder::makeExpr(ExprKind::Case, overlaid->type, true, position);
   e->hasElse = true;
   e->children.push_back(std::move(anyNull));
   e->children.push_back(Expr::constantOf(Value::null(overlaid->type)));
   e->children.push_back(std::move(overlaid));
   return e;
}

ExprPtr bitLength(const Rewrite& call) {
   convertArgument(call.args, 0, ParameterType::Text, call.name, call.position);
   return ExpressionBinder::bindOperator("*", call.binder.bindFunction("octet_length", std::move(call.args), call.position), integer(8, SqlType::integer()),
                                         call.position);
}

/// The count of arguments that are (not) NULL: a sum of CASEs.
ExprPtr numNulls(const Rewrite& call) {
   ExprPtr count = integer(0, SqlType::integer());
   for (auto& arg : call.args) {
      auto one = ExpressionBinder::makeExpr(ExprKind::Case, SqlType::integer(), false, call.position);
      one->hasElse = true;
      one->children.push_back(isNull(std::move(arg), call.name == "num_nonnulls", call.position));
      one->children.push_back(integer(1, SqlType::integer()));
      one->children.push_back(integer(0, SqlType::integer()));
      count = ExpressionBinder::bindOperator("+", std::move(count), std::move(one), call.position);
   }
   return count;
}

/// CASE WHEN value IS NULL THEN 'NULL' ELSE quote_literal(value) END
ExprPtr quoteNullable(const Rewrite& call) {
   ExprPtr& value = call.args[0];
   if (!value->type.isString()) value = ExpressionBinder::cast(std::move(value), SqlType::text(), call.position);
   if (!value->nullable) return call.binder.bindFunction("quote_literal", std::move(call.args), call.position);
   auto e = ExpressionBinder::makeExpr(ExprKind::Case, SqlType::text(), false, call.position);
   e->hasElse = true;
   e->children.push_back(isNull(value->clone(), false, call.position));
   e->children.push_back(text("NULL"));
   e->children.push_back(call.binder.bindFunction("quote_literal", std::move(call.args), call.position));
   return e;
}

/// Of a float, 42883.
ExprPtr mod(const Rewrite& call) {
   if (call.args[0]->type.isFloat() || call.args[1]->type.isFloat()) return nullptr;
   return ExpressionBinder::bindOperator("%", std::move(call.args[0]), std::move(call.args[1]), call.position);
}

/// PostgreSQL's own formulas, so the results agree to the last bit.
ExprPtr degreesOrRadians(const Rewrite& call) {
   ExprPtr& arg = call.args[0];
   if (!arg->type.isNumeric() && arg->type.id != TypeId::Unknown) throw ExpressionBinder::noSuchFunction(call.name, call.args, call.position);
   arg = ExpressionBinder::coerce(std::move(arg), SqlType::double_());
   constexpr double radiansPerDegree = 0.0174532925199432957692;
   const char* op = call.name == "degrees" ? "/" : "*";
   return ExpressionBinder::bindOperator(op, std::move(arg), Expr::constantOf(Value::ofDouble(SqlType::double_(), radiansPerDegree)), call.position);
}

ExprPtr pi(const Rewrite&) { return Expr::constantOf(Value::ofDouble(SqlType::double_(), std::numbers::pi)); }
ExprPtr currentDatabase(const Rewrite&) { return text(databaseName); }
ExprPtr currentSchema(const Rewrite&) { return text(schemaName); }
ExprPtr version(const Rewrite&) { return text(versionString()); }

/// extract(unit FROM value) of a date, time, timestamp or interval; `name` (extract or date_part)
/// for errors.
ExprPtr extractField(const std::string& unit, ExprPtr value, const std::string& name, int position) {
   if (value->type.id == TypeId::Unknown) value = ExpressionBinder::coerce(std::move(value), SqlType::date());
   if (value->type.id == TypeId::Interval) {
      // An interval's fields as PostgreSQL counts them: a year of months is 365.25 days for the
      // epoch, a month 30 days; the time's hours go past 24.
      static const std::tuple<const char*, int, SqlType> fields[] = {{"epoch", 0, SqlType::decimal(38, 6)},
                                                                     {"year", 1, SqlType::bigInt()},
                                                                     {"month", 2, SqlType::bigInt()},
                                                                     {"day", 3, SqlType::bigInt()},
                                                                     {"hour", 4, SqlType::bigInt()},
                                                                     {"minute", 5, SqlType::bigInt()},
                                                                     {"second", 6, SqlType::decimal(38, 6)},
                                                                     {"milliseconds", 7, SqlType::decimal(38, 3)},
                                                                     {"microseconds", 8, SqlType::decimal(38, 0)},
                                                                     {"quarter", 9, SqlType::bigInt()},
                                                                     {"decade", 10, SqlType::bigInt()},
                                                                     {"century", 11, SqlType::bigInt()},
                                                                     {"millennium", 12, SqlType::bigInt()}};
      for (auto& [fieldName, field, type] : fields) {
         if (unit != fieldName) continue;
         auto e = ExpressionBinder::makeExpr(ExprKind::Function, type, value->nullable, position);
         e->op = uint8_t(FunctionId::ExtractInterval);
         e->setConstant(Value::ofInteger(SqlType::integer(), field));
         e->children.push_back(std::move(value));
         return e;
      }
      throw Error("0A000", "unit \"" + unit + "\" not supported for type interval", position);
   }
   bool isTime = value->type.id == TypeId::Time;
   bool isTimestamp = value->type.id == TypeId::Timestamp || value->type.id == TypeId::TimestampTz;
   if (!isTimestamp && !isTime && value->type.id != TypeId::Date)
      throw Error("42883", "function " + name + "(unknown, " + value->type.toString() + ") does not exist", position);
   auto make = [&](FunctionId id, SqlType type, ExprPtr argument) {
      // Some fields of an infinite date or timestamp are NULL.
      auto e = ExpressionBinder::makeExpr(ExprKind::Function, type, argument->nullable || argument->type.id != TypeId::Time, position);
      e->op = uint8_t(id);
      e->children.push_back(std::move(argument));
      return e;
   };
   // The fields of the day; a timestamp's are those of its date.
   static const std::pair<const char*, FunctionId> dayFields[] = {
      {"year", FunctionId::ExtractYear},       {"month", FunctionId::ExtractMonth},     {"day", FunctionId::ExtractDay},
      {"quarter", FunctionId::ExtractQuarter}, {"dow", FunctionId::ExtractDow},         {"doy", FunctionId::ExtractDoy},
      {"week", FunctionId::ExtractWeek},       {"isodow", FunctionId::ExtractIsoDow},   {"isoyear", FunctionId::ExtractIsoYear},
      {"decade", FunctionId::ExtractDecade},   {"century", FunctionId::ExtractCentury}, {"millennium", FunctionId::ExtractMillennium}};
   for (auto& [fieldName, id] : dayFields) {
      if (unit != fieldName) continue;
      if (isTime) throw Error("0A000", "unit \"" + unit + "\" not supported for type time without time zone", position);
      return make(id, SqlType::integer(), isTimestamp ? ExpressionBinder::coerce(std::move(value), SqlType::date()) : std::move(value));
   }
   // A date's epoch is its midnight's in UTC, in whole seconds (for any date, as PostgreSQL's extract_date).
   if (unit == "epoch" && value->type.id == TypeId::Date) return make(FunctionId::ExtractEpoch, SqlType::bigInt(), std::move(value));
   // The fields of the time of day, as numbers of the precision PostgreSQL prints.
   static const std::tuple<const char*, FunctionId, SqlType> timeFields[] = {{"hour", FunctionId::ExtractHour, SqlType::integer()},
                                                                             {"minute", FunctionId::ExtractMinute, SqlType::integer()},
                                                                             {"second", FunctionId::ExtractSecond, SqlType::decimal(8, 6)},
                                                                             {"milliseconds", FunctionId::ExtractSecond, SqlType::decimal(8, 3)},
                                                                             {"microseconds", FunctionId::ExtractSecond, SqlType::decimal(8, 0)},
                                                                             {"epoch", FunctionId::ExtractEpoch, SqlType::decimal(20, 6)}};
   for (auto& [fieldName, id, type] : timeFields) {
      if (unit != fieldName) continue;
      if (!isTimestamp && !isTime) throw Error("0A000", "unit \"" + unit + "\" not supported for type date", position);
      // A timestamptz's fields are those of its local time (which may be past the timestamp
      // range), its epoch the instant's.
      if (value->type.id == TypeId::TimestampTz && id != FunctionId::ExtractEpoch) value = ExpressionBinder::coerce(std::move(value), SqlType::time());
      return make(id, type, std::move(value));
   }
   throw Error("22023", "unit \"" + unit + "\" not recognized for type " + value->type.toString(), position);
}

ExprPtr truncated(const std::string& unit, ExprPtr value, int position) {
   if (value->type.id == TypeId::Unknown) value = ExpressionBinder::coerce(std::move(value), SqlType::timestamp());
   // PostgreSQL truncates a date as a timestamptz (date converts to it implicitly, and it is the
   // preferred type of its category), at a midnight of the session's zone.
   if (value->type.id == TypeId::Date) value = ExpressionBinder::coerce(std::move(value), SqlType::timestampTz());
   if (value->type.id != TypeId::Timestamp && value->type.id != TypeId::TimestampTz)
      throw Error("42883", "function date_trunc(unknown, " + value->type.toString() + ") does not exist", position);
   SqlType type{value->type.id};
   auto truncated = timestamp::unitNamed(unit);
   if (!truncated) throw Error("22023", "unit \"" + unit + "\" not recognized for type " + type.toString(), position);
   auto e = ExpressionBinder::makeExpr(ExprKind::Function, type, value->nullable, position);
   e->op = uint8_t(FunctionId::DateTrunc);
   e->setConstant(Value::ofInteger(SqlType::integer(), int64_t(*truncated)));
   e->children.push_back(std::move(value));
   return e;
}

/// The unit of extract, date_part or date_trunc, a literal, in lower case.
std::string literalUnit(const Rewrite& call) {
   const Expr& field = *call.args[0];
   if (field.kind != ExprKind::Constant || (!field.type.isString() && field.type.id != TypeId::Unknown))
      throw Error("0A000", "the field of " + call.name + " must be a literal", call.position);
   std::string unit;
   for (char ch : field.constant().string) unit.push_back(char(std::tolower(static_cast<unsigned char>(ch))));
   return unit;
}

ExprPtr extract(const Rewrite& call) { return extractField(literalUnit(call), std::move(call.args[1]), call.name, call.position); }

/// extract's field as double precision, as PostgreSQL's date_part.
ExprPtr datePart(const Rewrite& call) {
   std::string unit = literalUnit(call);
   ExprPtr& value = call.args[1];
   // PostgreSQL's date_part of a date is that of its midnight as a timestamp.
   if (value->type.id == TypeId::Date) value = ExpressionBinder::coerce(std::move(value), SqlType::timestamp());
   ExprPtr e = extractField(unit, std::move(value), call.name, call.position);
   TypeId of = e->children[0]->type.id;
   if (e->kind == ExprKind::Function && (of == TypeId::Date || of == TypeId::Timestamp || of == TypeId::TimestampTz)) {
      // Computed as extract's type (kept in the constant), then converted: an infinity's is
      // ±Infinity or NULL, which extract's type cannot hold (ExpressionCompiler::compileExtract).
      e->setConstant(Value::null(e->type));
      e->type = SqlType::double_();
      e->nullable = true;
      return e;
   }
   return ExpressionBinder::coerce(std::move(e), SqlType::double_());
}

/// date_trunc(unit, value): the unit is the call's constant.
ExprPtr dateTrunc(const Rewrite& call) { return truncated(literalUnit(call), std::move(call.args[1]), call.position); }

struct RewrittenFunction {
   const char* name;
   size_t fewest, most;  // arguments
   ExprPtr (*rewrite)(const Rewrite& call);
};

constexpr size_t any = SIZE_MAX;

constexpr RewrittenFunction rewritten[] = {
   {"overlay", 3, 4, overlay},
   {"bit_length", 1, 1, bitLength},
   {"num_nulls", 1, any, numNulls},
   {"num_nonnulls", 1, any, numNulls},
   {"quote_nullable", 1, 1, quoteNullable},
   {"mod", 2, 2, mod},
   {"degrees", 1, 1, degreesOrRadians},
   {"radians", 1, 1, degreesOrRadians},
   {"pi", 0, 0, pi},
   {"current_database", 0, 0, currentDatabase},
   {"current_schema", 0, 0, currentSchema},
   {"version", 0, 0, version},
   {"extract", 2, 2, extract},
   {"date_part", 2, 2, datePart},
   {"date_trunc", 2, 2, dateTrunc},
};

}  // namespace

ExprPtr bindRewrittenFunction(const std::string& name, std::vector<ExprPtr>& args, int position, ExpressionBinder& binder) {
   for (const RewrittenFunction& function : rewritten)
      if (name == function.name && args.size() >= function.fewest && args.size() <= function.most) return function.rewrite({name, args, position, binder});
   return nullptr;
}

}  // namespace kiln
