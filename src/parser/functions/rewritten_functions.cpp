// Functions whose every call is rewritten into other expressions when bound: pi() a constant,
// mod an operator, overlay substrings. Not registry entries: an entry has code of its own.
#include <numbers>

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
};

}  // namespace

ExprPtr bindRewrittenFunction(const std::string& name, std::vector<ExprPtr>& args, int position, ExpressionBinder& binder) {
   for (const RewrittenFunction& function : rewritten)
      if (name == function.name && args.size() >= function.fewest && args.size() <= function.most) return function.rewrite({name, args, position, binder});
   return nullptr;
}

}  // namespace kiln
