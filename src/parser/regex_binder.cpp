// Regular expressions: the operators ~, ~*, !~, !~*, [NOT] SIMILAR TO, and regexp_replace,
// regexp_count, regexp_substr and substring(s FROM pattern) / substring(s SIMILAR p ESCAPE e).
// Flags must be literals (they are nearly always), so they are checked here, once.
#include <algorithm>

#include "parser/expression_binder.h"
#include "parser/similar_to.h"
#include "runtime/regex.h"

namespace kiln {

namespace {

bool isStringOrUnknown(const Expr& e) { return e.type.isString() || e.type.id == TypeId::Unknown; }

/// A call of regular expression function `id`; `flags` are validated.
ExprPtr regexCall(FunctionId id, SqlType type, std::vector<ExprPtr> args, std::string flags, int position) {
   RegexFlags::parse(flags);
   auto e = std::make_unique<Expr>(ExprKind::Function, type);
   e->op = uint8_t(id);
   e->position = position;
   e->nullable = id == FunctionId::RegexSubstr || id == FunctionId::RegexSubstring || std::any_of(args.begin(), args.end(), [](auto& a) { return a->nullable; });
   e->constant = Value::ofString(SqlType::text(), std::move(flags));
   e->children = std::move(args);
   return e;
}

/// The text of a literal string argument (flags, SIMILAR TO's pattern); nullopt for NULL.
std::optional<std::string> literalText(const Expr& e, const char* what, int position) {
   if (e.kind != ExprKind::Constant || !isStringOrUnknown(e)) throw Error("0A000", std::string(what) + " must be a literal", position);
   if (e.constant.isNull) return std::nullopt;
   return e.constant.string;
}

}  // namespace

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

std::optional<std::string> ExpressionBinder::similarRegex(ExprPtr pattern, ExprPtr escape, int position) {
   std::optional<std::string> text = literalText(*pattern, "the pattern of SIMILAR TO", position);
   std::optional<std::string> escapeText;
   if (escape) {
      escapeText = literalText(*escape, "the escape of SIMILAR TO", position);
      if (!escapeText) return std::nullopt;
   }
   if (!text) return std::nullopt;
   return similarToRegex(*text, escapeText);
}

ExprPtr ExpressionBinder::bindRegexFunction(const std::string& name, std::vector<ExprPtr>& args, int position) {
   size_t n = args.size();
   auto noSuchFunction = [&] { return ExpressionBinder::noSuchFunction(name, args, position); };
   auto requireText = [&](size_t i) {
      if (!isStringOrUnknown(*args[i])) throw noSuchFunction();
      args[i] = coerce(std::move(args[i]), SqlType::text());
   };
   auto requireBigInt = [&](size_t i) {
      if (args[i]->type.id != TypeId::Unknown && !args[i]->type.isInteger()) throw noSuchFunction();
      args[i] = coerce(std::move(args[i]), SqlType::bigInt());
   };
   auto bigInt = [](int64_t v) { return Expr::constantOf(Value::ofInteger(SqlType::bigInt(), v)); };
   /// The flags argument `i` when given, which is then removed from the arguments.
   auto takeFlags = [&](size_t i) -> std::optional<std::string> {
      if (i >= args.size()) return "";
      std::optional<std::string> flags = literalText(*args[i], ("the flags of " + name).c_str(), position);
      args.erase(args.begin() + ptrdiff_t(i));
      return flags;
   };
   auto nullOf = [](SqlType type) { return Expr::constantOf(Value::null(type)); };
   auto rejectGlobal = [&](const std::string& flags) {
      if (RegexFlags::parse(flags).global) throw Error("22023", name + "() does not support the \"global\" option", position);
   };

   if (name == "regexp_replace" && (n == 3 || n == 4)) {
      for (size_t i = 0; i < 3; ++i) requireText(i);
      std::optional<std::string> flags = takeFlags(3);
      if (!flags) return nullOf(SqlType::text());
      return regexCall(FunctionId::RegexReplace, SqlType::text(), std::move(args), *flags, position);
   }
   if (name == "regexp_count" && n >= 2 && n <= 4) {
      requireText(0), requireText(1);
      std::optional<std::string> flags = takeFlags(3);
      if (!flags) return nullOf(SqlType::integer());
      rejectGlobal(*flags);
      if (args.size() == 2) args.push_back(bigInt(1));
      requireBigInt(2);
      return regexCall(FunctionId::RegexCount, SqlType::integer(), std::move(args), *flags, position);
   }
   if (name == "regexp_substr" && n >= 2 && n <= 6) {
      requireText(0), requireText(1);
      std::optional<std::string> flags = takeFlags(4);
      if (!flags) return nullOf(SqlType::text());
      rejectGlobal(*flags);
      // (s, pattern, start, occurrence, group): by default the first match from the start, whole.
      static const int64_t defaults[] = {1, 1, 0};
      while (args.size() < 5) args.push_back(bigInt(defaults[args.size() - 2]));
      for (size_t i = 2; i < 5; ++i) requireBigInt(i);
      return regexCall(FunctionId::RegexSubstr, SqlType::text(), std::move(args), *flags, position);
   }
   if (name == "substring" && n == 2 && isStringOrUnknown(*args[1])) {
      // substring(s FROM pattern): the first group's part of the first match, or the whole match.
      requireText(0), requireText(1);
      return regexCall(FunctionId::RegexSubstring, SqlType::text(), std::move(args), "", position);
   }
   if (name == "substring" && n == 3 && isStringOrUnknown(*args[1]) && isStringOrUnknown(*args[2])) {
      // substring(s SIMILAR pattern ESCAPE e): the part between the escaped double quotes.
      requireText(0);
      std::optional<std::string> regex = similarRegex(std::move(args[1]), std::move(args[2]), position);
      if (!regex) return nullOf(SqlType::text());
      args[1] = Expr::constantOf(Value::ofString(SqlType::text(), *regex));
      args.pop_back();
      return regexCall(FunctionId::RegexSubstring, SqlType::text(), std::move(args), "", position);
   }
   return nullptr;
}

}  // namespace kiln
