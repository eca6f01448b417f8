// The type rules of the mathematical functions (their entries: algebra/functions/math_functions.cpp),
// as PostgreSQL resolves them: most exist for double precision and NUMERIC, and integers go to
// double precision, the preferred type of their category.
#include <algorithm>

#include "common/decimal.h"
#include "common/numeric.h"
#include "parser/expression_binder.h"
#include "parser/function_binder.h"
#include "parser/type_rules.h"

namespace kiln {

namespace {

bool isNumeric(const SqlType& type) { return type.isNumeric(); }
bool isExactNumeric(const SqlType& type) { return type.isExactNumeric(); }
bool isIntegerOrUnknown(const ExprPtr& e) { return e->type.id == TypeId::Unknown || e->type.isInteger(); }

/// Exact numbers other than integers, and no float among the arguments: the NUMERIC form.
bool exactArguments(const FunctionBinding& call) {
   bool exact = false;
   for (auto& arg : call.args) {
      if (arg->type.isFloat()) return false;
      exact |= arg->type.id == TypeId::Decimal || arg->type.id == TypeId::Numeric;
   }
   return exact;
}

ExprPtr inDoublePrecision(const FunctionBinding& call) {
   call.convertAll(SqlType::double_(), isNumeric);
   return call.make(SqlType::double_());
}

ExprPtr inNumeric(const FunctionBinding& call) {
   call.convertAll(SqlType::numeric(), isExactNumeric);
   return call.make(SqlType::numeric());
}

/// sqrt, exp, ln, log and power of exact numbers other than integers are NUMERIC; cbrt exists
/// for double precision only.
ExprPtr numericOrDouble(const FunctionBinding& call) {
   return call.function.id != FunctionId::Cbrt && exactArguments(call) ? inNumeric(call) : inDoublePrecision(call);
}

/// log(b, x) is NUMERIC unless a float is among its arguments (integers too).
ExprPtr logBase(const FunctionBinding& call) {
   return call.args[0]->type.isFloat() || call.args[1]->type.isFloat() ? inDoublePrecision(call) : inNumeric(call);
}

ExprPtr abs(const FunctionBinding& call) {
   ExprPtr& arg = call.args[0];
   if (!arg->type.isNumeric() && arg->type.id != TypeId::Unknown) return nullptr;
   if (arg->type.id == TypeId::Unknown) arg = ExpressionBinder::coerce(std::move(arg), SqlType::double_());
   return call.make(arg->type);
}

// ceil, floor, round, trunc and sign of an integer are of double precision, as PostgreSQL
// resolves them (round(x, digits) exists for numeric only).
ExprPtr ceilOrFloor(const FunctionBinding& call) {
   ExprPtr& arg = call.args[0];
   if (!arg->type.isNumeric()) return nullptr;
   SqlType in = arg->type;
   SqlType type = in.id == TypeId::Decimal ? SqlType::decimal(in.precision, 0) : in.id == TypeId::Numeric ? in : SqlType::double_();
   if (type.id == TypeId::Double) arg = ExpressionBinder::coerce(std::move(arg), type);
   return call.make(type);
}

ExprPtr roundOrTrunc(const FunctionBinding& call) {
   std::vector<ExprPtr>& args = call.args;
   size_t n = args.size();
   if (!args[0]->type.isNumeric()) return nullptr;
   int64_t digits = 0;
   if (n == 2) {
      if (args[1]->kind != ExprKind::Constant || !args[1]->type.isInteger())
         throw Error("0A000", call.name + "() supports only a literal number of digits", call.position);
      digits = args[1]->constant().integer;
   }
   if (args[0]->type.isFloat() || (args[0]->type.isInteger() && n == 1)) {
      if (n == 2) throw call.noSuchFunction();
      args[0] = ExpressionBinder::coerce(std::move(args[0]), SqlType::double_());
      return call.make(SqlType::double_());
   }
   if (args[0]->type.isInteger()) args[0] = ExpressionBinder::coerce(std::move(args[0]), types::asDecimal(args[0]->type));
   // The result has max(digits, 0) digits after the point (more than the argument's, too), and
   // one more before it where rounding carries.
   SqlType in = args[0]->type;
   SqlType type = in;
   if (in.id == TypeId::Decimal) {
      int64_t scale = std::clamp<int64_t>(digits, 0, 2 * Numeric::maxDisplayScale);
      int64_t precision = int64_t(in.precision - in.scale) + 1 + scale;
      type = scale <= int64_t(decimal::maxPrecision) && precision <= int64_t(decimal::maxPrecision) ? SqlType::decimal(unsigned(precision), unsigned(scale))
                                                                                                    : SqlType::numeric();
      if (type.id == TypeId::Numeric) args[0] = ExpressionBinder::coerce(std::move(args[0]), type);
   }
   args.resize(1);
   auto e = call.make(type);
   e->setConstant(Value::ofInteger(SqlType::integer(), digits));
   return e;
}

ExprPtr sign(const FunctionBinding& call) {
   // sign(numeric) is numeric; integers go to sign(double precision), as in PostgreSQL.
   ExprPtr& arg = call.args[0];
   TypeId in = arg->type.id;
   if (!arg->type.isNumeric() && in != TypeId::Unknown) return nullptr;
   if (in != TypeId::Decimal && in != TypeId::Numeric) arg = ExpressionBinder::coerce(std::move(arg), SqlType::double_());
   return call.make(in == TypeId::Decimal ? SqlType::decimal(1, 0) : in == TypeId::Numeric ? SqlType::numeric() : SqlType::double_());
}

/// The integral part of the quotient (towards zero), a numeric.
ExprPtr div(const FunctionBinding& call) { return inNumeric(call); }

ExprPtr gcdOrLcm(const FunctionBinding& call) {
   std::vector<ExprPtr>& args = call.args;
   if (std::any_of(args.begin(), args.end(), [](const ExprPtr& e) { return e->type.id == TypeId::Decimal || e->type.id == TypeId::Numeric; }))
      throw Error("0A000", call.name + " of numeric values is not supported yet", call.position);
   if (!isIntegerOrUnknown(args[0]) || !isIntegerOrUnknown(args[1])) throw call.noSuchFunction();
   SqlType type = args[0]->type.id == TypeId::BigInt || args[1]->type.id == TypeId::BigInt ? SqlType::bigInt() : SqlType::integer();
   for (auto& arg : args) arg = ExpressionBinder::coerce(std::move(arg), type);
   return call.make(type);
}

/// width_bucket(operand, low, high, count): in double precision if any of the three is, else
/// exactly: NUMERIC where one is, else as decimals at the largest scale of the three.
ExprPtr widthBucket(const FunctionBinding& call) {
   std::vector<ExprPtr>& args = call.args;
   if (!isIntegerOrUnknown(args[3]) || args[3]->type.id == TypeId::BigInt) throw call.noSuchFunction();
   args[3] = ExpressionBinder::coerce(std::move(args[3]), SqlType::integer());
   bool floating = false, numeric = false;
   unsigned scale = 0;
   for (size_t i = 0; i < 3; ++i) {
      if (args[i]->type.id != TypeId::Unknown && !args[i]->type.isNumeric()) throw call.noSuchFunction();
      floating |= args[i]->type.isFloat();
      numeric |= args[i]->type.id == TypeId::Numeric;
      if (args[i]->type.id == TypeId::Decimal) scale = std::max(scale, unsigned(args[i]->type.scale));
   }
   SqlType common = floating ? SqlType::double_() : numeric ? SqlType::numeric() : SqlType::decimal(38, scale);
   for (size_t i = 0; i < 3; ++i) args[i] = ExpressionBinder::coerce(std::move(args[i]), common);
   return call.make(SqlType::integer());
}

}  // namespace

std::span<const FunctionBinder> mathFunctionBinders() {
   static constexpr FunctionBinder binders[] = {
      {FunctionId::Abs, abs},
      {FunctionId::Ceil, ceilOrFloor},
      {FunctionId::Floor, ceilOrFloor},
      {FunctionId::Round, roundOrTrunc},
      {FunctionId::Trunc, roundOrTrunc},
      {FunctionId::Sign, sign},
      {FunctionId::Sqrt, numericOrDouble},
      {FunctionId::Cbrt, numericOrDouble},
      {FunctionId::Exp, numericOrDouble},
      {FunctionId::Ln, numericOrDouble},
      {FunctionId::Log10, numericOrDouble},
      {FunctionId::LogBase, logBase},
      {FunctionId::Power, numericOrDouble},
      {FunctionId::DivTruncated, div},
      {FunctionId::Gcd, gcdOrLcm},
      {FunctionId::Lcm, gcdOrLcm},
      {FunctionId::WidthBucket, widthBucket},
   };
   return binders;
}

}  // namespace kiln
