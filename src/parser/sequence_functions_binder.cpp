// nextval, currval, lastval and setval: the sequence is named by a constant (text, or
// 'name'::regclass), read as PostgreSQL reads a relation name, and found when binding.
#include "parser/expression_binder.h"
#include "parser/read_only_statement.h"

#include <cctype>

namespace kiln {

namespace {

/// The relation a regclass text names: an unquoted name folds to lower case; "public." (the
/// only schema) may lead.
std::string relationName(const std::string& text) {
   std::string name = text;
   if (name.rfind("public.", 0) == 0) name = name.substr(7);
   if (name.size() >= 2 && name.front() == '"' && name.back() == '"') return name.substr(1, name.size() - 2);
   for (char& c : name) c = char(std::tolower(static_cast<unsigned char>(c)));
   return name;
}

}  // namespace

ExprPtr ExpressionBinder::bindSequenceFunction(const std::string& name, std::vector<ExprPtr>& args, int position) {
   size_t n = args.size();
   bool next = name == "nextval" && n == 1, current = name == "currval" && n == 1, last = name == "lastval" && n == 0;
   bool set = name == "setval" && (n == 2 || n == 3);
   if (!next && !current && !last && !set) return nullptr;
   if (next || set) ReadOnlyStatement::checkWrite(name, position);
   auto call = std::make_unique<Expr>(ExprKind::Function, SqlType::bigInt());
   call->position = position;
   call->op = uint8_t(next ? FunctionId::SequenceNext : current ? FunctionId::SequenceCurrent : last ? FunctionId::SequenceLast : FunctionId::SequenceSet);
   call->nullable = set;
   if (last) return call;
   if (!catalog_) throw Error("0A000", name + "() is not supported here yet", position);
   const Expr& named = *args[0];
   if (named.kind != ExprKind::Constant || !(named.type.isString() || named.type.id == TypeId::Unknown) || named.constant().isNull)
      throw Error("0A000", name + "() of a sequence named by an expression is not supported yet", position);
   std::string relation = relationName(named.constant().string);
   call->sequence = catalog_->findSequence(relation);
   if (!call->sequence) {
      bool other = catalog_->findTable(relation) || catalog_->findView(relation);
      if (other) throw Error("42809", "\"" + relation + "\" is not a sequence", position);
      throw Error("42P01", "relation \"" + relation + "\" does not exist", position);
   }
   args[0] = coerce(std::move(args[0]), SqlType::text());
   if (set) {
      args[1] = coerce(std::move(args[1]), SqlType::bigInt());
      if (n == 3) args[2] = coerce(std::move(args[2]), SqlType::boolean());
   }
   call->children = std::move(args);
   return call;
}

}  // namespace kiln
