// The regular expression operators ~, ~*, !~, !~* and [NOT] SIMILAR TO: calls of textregexeq
// (the functions' type rules: functions/regex_functions.cpp).
#include <algorithm>

#include "parser/expression_binder.h"
#include "parser/regex_call.h"
#include "parser/similar_to.h"
#include "runtime/regex.h"

namespace kiln {

namespace {

bool isStringOrUnknown(const Expr& e) { return e.type.isString() || e.type.id == TypeId::Unknown; }

}  // namespace

ExprPtr regexCall(FunctionId id, SqlType type, std::vector<ExprPtr> args, std::string flags, int position) {
   RegexFlags::parse(flags);
   auto e = std::make_unique<Expr>(ExprKind::Function, type);
   e->op = uint8_t(id);
   e->position = position;
   e->nullable = id == FunctionId::RegexSubstr || id == FunctionId::RegexSubstring ||
                 std::any_of(args.begin(), args.end(), [](auto& a) { return a->nullable; });
   e->setConstant(Value::ofString(SqlType::text(), std::move(flags)));
   e->children = std::move(args);
   return e;
}

std::optional<std::string> literalText(const Expr& e, const char* what, int position) {
   if (e.kind != ExprKind::Constant || !isStringOrUnknown(e)) throw Error("0A000", std::string(what) + " must be a literal", position);
   if (e.constant().isNull) return std::nullopt;
   return e.constant().string;
}

std::optional<std::string> similarRegex(ExprPtr pattern, ExprPtr escape, int position) {
   std::optional<std::string> text = literalText(*pattern, "the pattern of SIMILAR TO", position);
   std::optional<std::string> escapeText;
   if (escape) {
      escapeText = literalText(*escape, "the escape of SIMILAR TO", position);
      if (!escapeText) return std::nullopt;
   }
   if (!text) return std::nullopt;
   return similarToRegex(*text, escapeText);
}

ExprPtr ExpressionBinder::bindRegexOperator(const std::string& op, ExprPtr value, ExprPtr pattern, int position) {
   if (!isStringOrUnknown(*value) || !isStringOrUnknown(*pattern))
      throw Error("42883", "operator does not exist: " + value->type.toString() + " " + op + " " + pattern->type.toString(), position);
   std::vector<ExprPtr> args;
   args.push_back(coerce(withPadding(std::move(value)), SqlType::text()));
   args.push_back(coerce(std::move(pattern), SqlType::text()));
   ExprPtr match = regexCall(FunctionId::RegexMatch, SqlType::boolean(), std::move(args), op.ends_with('*') ? "i" : "", position);
   if (op[0] != '!') return match;
   auto negated = std::make_unique<Expr>(ExprKind::Not, SqlType::boolean());
   negated->nullable = match->nullable;
   negated->position = position;
   negated->children.push_back(std::move(match));
   return negated;
}

ExprPtr ExpressionBinder::bindSimilarTo(const std::string& op, const PgQuery__Node& value, const PgQuery__Node& pattern, int position) {
   // The parser wraps the pattern in similar_to_escape(pattern [, escape]).
   const PgQuery__FuncCall& escapeCall = *pattern.func_call;
   std::optional<std::string> regex = similarRegex(bind(*escapeCall.args[0]), escapeCall.n_args > 1 ? bind(*escapeCall.args[1]) : nullptr, position);
   ExprPtr regexPattern = Expr::constantOf(regex ? Value::ofString(SqlType::text(), *regex) : Value::null(SqlType::text()));
   return bindRegexOperator(op, bind(value), std::move(regexPattern), position);
}

}  // namespace kiln
