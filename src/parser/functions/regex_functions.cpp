// The type rules of the regular expression functions (their entries:
// algebra/functions/regex_functions.cpp). Strings are text; flags, a literal last argument, become
// the call's constant.
#include "parser/expression_binder.h"
#include "parser/function_binder.h"
#include "parser/regex_call.h"
#include "runtime/regex.h"

namespace kiln {

namespace {

bool isStringOrUnknown(const Expr& e) { return e.type.isString() || e.type.id == TypeId::Unknown; }

void requireText(const FunctionBinding& call, size_t i) {
   if (!isStringOrUnknown(*call.args[i])) throw call.noSuchFunction();
   call.args[i] = ExpressionBinder::coerce(std::move(call.args[i]), SqlType::text());
}

void requireBigInt(const FunctionBinding& call, size_t i) {
   if (call.args[i]->type.id != TypeId::Unknown && !call.args[i]->type.isInteger()) throw call.noSuchFunction();
   call.args[i] = ExpressionBinder::coerce(std::move(call.args[i]), SqlType::bigInt());
}

ExprPtr bigInt(int64_t v) { return Expr::constantOf(Value::ofInteger(SqlType::bigInt(), v)); }
ExprPtr nullOf(SqlType type) { return Expr::constantOf(Value::null(type)); }

/// The flags, argument `i` when given, which is then taken out of the arguments; nullopt for NULL.
std::optional<std::string> takeFlags(const FunctionBinding& call, size_t i) {
   if (i >= call.args.size()) return "";
   std::optional<std::string> flags = literalText(*call.args[i], ("the flags of " + call.name).c_str(), call.position);
   call.args.erase(call.args.begin() + ptrdiff_t(i));
   return flags;
}

void rejectGlobal(const FunctionBinding& call, const std::string& flags) {
   if (RegexFlags::parse(flags).global) throw Error("22023", call.name + "() does not support the \"global\" option", call.position);
}

ExprPtr match(const FunctionBinding& call) {
   requireText(call, 0), requireText(call, 1);
   return regexCall(FunctionId::RegexMatch, SqlType::boolean(), std::move(call.args), "", call.position);
}

ExprPtr replace(const FunctionBinding& call) {
   for (size_t i = 0; i < 3; ++i) requireText(call, i);
   std::optional<std::string> flags = takeFlags(call, 3);
   if (!flags) return nullOf(SqlType::text());
   return regexCall(FunctionId::RegexReplace, SqlType::text(), std::move(call.args), *flags, call.position);
}

ExprPtr count(const FunctionBinding& call) {
   requireText(call, 0), requireText(call, 1);
   std::optional<std::string> flags = takeFlags(call, 3);
   if (!flags) return nullOf(SqlType::integer());
   rejectGlobal(call, *flags);
   if (call.args.size() == 2) call.args.push_back(bigInt(1));
   requireBigInt(call, 2);
   return regexCall(FunctionId::RegexCount, SqlType::integer(), std::move(call.args), *flags, call.position);
}

ExprPtr substr(const FunctionBinding& call) {
   std::vector<ExprPtr>& args = call.args;
   if (args.size() > 6) return nullptr;
   requireText(call, 0), requireText(call, 1);
   std::optional<std::string> flags = takeFlags(call, 4);
   if (!flags) return nullOf(SqlType::text());
   rejectGlobal(call, *flags);
   // (s, pattern, start, occurrence, group): by default the first match from the start, whole.
   static const int64_t defaults[] = {1, 1, 0};
   while (args.size() < 5) args.push_back(bigInt(defaults[args.size() - 2]));
   for (size_t i = 2; i < 5; ++i) requireBigInt(call, i);
   return regexCall(FunctionId::RegexSubstr, SqlType::text(), std::move(args), *flags, call.position);
}

/// substring(s FROM pattern) and substring(s SIMILAR pattern ESCAPE e); another substring (of
/// integer arguments) is not one of these.
ExprPtr substring(const FunctionBinding& call) {
   std::vector<ExprPtr>& args = call.args;
   for (size_t i = 1; i < args.size(); ++i)
      if (!isStringOrUnknown(*args[i])) return nullptr;
   requireText(call, 0);
   if (args.size() == 2) {
      requireText(call, 1);
      return regexCall(FunctionId::RegexSubstring, SqlType::text(), std::move(args), "", call.position);
   }
   std::optional<std::string> regex = similarRegex(std::move(args[1]), std::move(args[2]), call.position);
   if (!regex) return nullOf(SqlType::text());
   args[1] = Expr::constantOf(Value::ofString(SqlType::text(), *regex));
   args.pop_back();
   return regexCall(FunctionId::RegexSubstring, SqlType::text(), std::move(args), "", call.position);
}

}  // namespace

std::span<const FunctionBinder> regexFunctionBinders() {
   static constexpr FunctionBinder binders[] = {
      {FunctionId::RegexMatch, match},   {FunctionId::RegexReplace, replace},     {FunctionId::RegexCount, count},
      {FunctionId::RegexSubstr, substr}, {FunctionId::RegexSubstring, substring},
   };
   return binders;
}

}  // namespace kiln
