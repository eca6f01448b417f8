// Parses SQL text with PostgreSQL's own grammar (libpg_query) into its protobuf parse tree.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include <pg_query/pg_query.pb-c.h>

namespace kiln {

/// The parse tree of a script; owns the unpacked protobuf. Syntax errors throw Error 42601.
class ParsedScript {
   public:
   explicit ParsedScript(const std::string& sql);
   ~ParsedScript();
   ParsedScript(const ParsedScript&) = delete;
   ParsedScript& operator=(const ParsedScript&) = delete;

   size_t size() const { return tree_->n_stmts; }
   const PgQuery__Node& statement(size_t i) const { return *tree_->stmts[i]->stmt; }
   /// The statement's own text.
   std::string statementText(size_t i) const;
   /// Where that text begins in the script (a byte offset).
   size_t statementStart(size_t i) const { return size_t(tree_->stmts[i]->stmt_location); }

   private:
   const std::string& sql_;
   PgQuery__ParseResult* tree_ = nullptr;
};

/// The SQL text of an expression, as PostgreSQL prints it back (for DEFAULT, kept in the catalog).
std::string deparseExpression(const PgQuery__Node& expression);
/// Whether the parse tree `node` holds a subquery anywhere.
bool containsSubquery(const PgQuery__Node& node);
/// Calls `visit` on `message` and on every message below it in its parse tree, parents first,
/// until `visit` returns false; returns false if it did.
bool visitMessages(ProtobufCMessage* message, const std::function<bool(ProtobufCMessage&)>& visit);

}  // namespace kiln
