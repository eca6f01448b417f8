#include "parser/pg_parser.h"

#include <pg_query.h>

#include "kiln/kiln.h"

namespace kiln {

namespace {

/// The grammar also checks the frame clause, raising windowing errors (42P20), not syntax errors.
const char* grammarErrorState(const std::string& message) { return message.rfind("frame ", 0) == 0 ? "42P20" : "42601"; }

}  // namespace

ParsedScript::ParsedScript(const std::string& sql) : sql_(sql) {
   PgQueryProtobufParseResult result = pg_query_parse_protobuf(sql.c_str());
   if (result.error) {
      std::string message = result.error->message;
      int position = result.error->cursorpos;
      pg_query_free_protobuf_parse_result(result);
      throw Error(grammarErrorState(message), message, position);
   }
   tree_ = pg_query__parse_result__unpack(nullptr, result.parse_tree.len, reinterpret_cast<const uint8_t*>(result.parse_tree.data));
   pg_query_free_protobuf_parse_result(result);
   if (!tree_) throw Error("XX000", "could not unpack the parse tree");
}

ParsedScript::~ParsedScript() {
   if (tree_) pg_query__parse_result__free_unpacked(tree_, nullptr);
}

std::string ParsedScript::statementText(size_t i) const {
   const PgQuery__RawStmt& raw = *tree_->stmts[i];
   size_t begin = size_t(raw.stmt_location);
   size_t length = raw.stmt_len ? size_t(raw.stmt_len) : sql_.size() - begin;
   return sql_.substr(begin, length);
}

}  // namespace kiln
