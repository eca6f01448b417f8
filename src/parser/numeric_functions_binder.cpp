// gcd, lcm, div, width_bucket and make_date by PostgreSQL's signatures: integer forms of gcd and
// lcm (not yet numeric), div over numerics, width_bucket in double precision or exactly.
#include <algorithm>

#include "parser/expression_binder.h"
#include "parser/type_rules.h"

namespace kiln {

ExprPtr ExpressionBinder::bindNumericFunction(const std::string& name, std::vector<ExprPtr>& args, int position) {
   size_t n = args.size();
   bool known = ((name == "gcd" || name == "lcm" || name == "div") && n == 2) || (name == "width_bucket" && n == 4) || (name == "make_date" && n == 3);
   if (!known) return nullptr;
   auto noSuchFunction = [&] { return ExpressionBinder::noSuchFunction(name, args, position); };
   auto isInteger = [](const ExprPtr& e) { return e->type.id == TypeId::Unknown || e->type.isInteger(); };
   auto make = [&](FunctionId id, SqlType type) { return makeFunction(id, type, std::move(args), position); };
   if (name == "gcd" || name == "lcm") {
      if (std::any_of(args.begin(), args.end(), [](const ExprPtr& e) { return e->type.id == TypeId::Decimal || e->type.id == TypeId::Numeric; }))
         throw Error("0A000", name + " of numeric values is not supported yet", position);
      if (!isInteger(args[0]) || !isInteger(args[1])) throw noSuchFunction();
      SqlType type = args[0]->type.id == TypeId::BigInt || args[1]->type.id == TypeId::BigInt ? SqlType::bigInt() : SqlType::integer();
      for (auto& arg : args) arg = coerce(std::move(arg), type);
      return make(name == "gcd" ? FunctionId::Gcd : FunctionId::Lcm, type);
   }
   if (name == "div") {
      // The integral part of the quotient (towards zero), a numeric.
      for (auto& arg : args) {
         if (arg->type.id != TypeId::Unknown && !arg->type.isExactNumeric()) throw noSuchFunction();
         arg = coerce(std::move(arg), SqlType::numeric());
      }
      return make(FunctionId::DivTruncated, SqlType::numeric());
   }
   if (name == "make_date") {
      for (auto& arg : args) {
         if (!isInteger(arg) || arg->type.id == TypeId::BigInt) throw noSuchFunction();
         arg = coerce(std::move(arg), SqlType::integer());
      }
      return make(FunctionId::MakeDate, SqlType::date());
   }
   // width_bucket(operand, low, high, count): in double precision if any of the three is, else
   // exactly: NUMERIC where one is, else as decimals at the largest scale of the three.
   if (!isInteger(args[3]) || args[3]->type.id == TypeId::BigInt) throw noSuchFunction();
   args[3] = coerce(std::move(args[3]), SqlType::integer());
   bool floating = false, numeric = false;
   unsigned scale = 0;
   for (size_t i = 0; i < 3; ++i) {
      if (args[i]->type.id != TypeId::Unknown && !args[i]->type.isNumeric()) throw noSuchFunction();
      floating |= args[i]->type.isFloat();
      numeric |= args[i]->type.id == TypeId::Numeric;
      if (args[i]->type.id == TypeId::Decimal) scale = std::max(scale, unsigned(args[i]->type.scale));
   }
   SqlType common = floating ? SqlType::double_() : numeric ? SqlType::numeric() : SqlType::decimal(38, scale);
   for (size_t i = 0; i < 3; ++i) args[i] = coerce(std::move(args[i]), common);
   return make(FunctionId::WidthBucket, SqlType::integer());
}

}  // namespace kiln
