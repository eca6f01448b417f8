#include "parser/pg_parser.h"

#include <cstring>

#include <pg_query.h>

#include "common/utf8.h"
#include "kiln/kiln.h"

namespace kiln {

namespace {

/// The grammar also checks the frame clause, raising windowing errors (42P20), not syntax errors.
const char* grammarErrorState(const std::string& message) {
   if (message.rfind("frame ", 0) == 0) return "42P20";
   // An escape in a literal that makes bytes which are not UTF-8 (E'\xff', E'\000').
   if (message.rfind("invalid byte sequence for encoding", 0) == 0) return "22021";
   return "42601";
}

}  // namespace

ParsedScript::ParsedScript(const std::string& sql) : sql_(sql) {
   // As PostgreSQL checks a query it receives, before parsing: its comments and names too.
   requireValidUtf8(sql);
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

std::string deparseExpression(const PgQuery__Node& expression) {
   // PostgreSQL deparses statements: the expression goes in as SELECT <expression>.
   PgQuery__ResTarget target = PG_QUERY__RES_TARGET__INIT;
   target.val = const_cast<PgQuery__Node*>(&expression);
   PgQuery__Node targetNode = PG_QUERY__NODE__INIT;
   targetNode.node_case = PG_QUERY__NODE__NODE_RES_TARGET;
   targetNode.res_target = &target;
   PgQuery__Node* targets[] = {&targetNode};
   PgQuery__SelectStmt select = PG_QUERY__SELECT_STMT__INIT;
   select.n_target_list = 1;
   select.target_list = targets;
   select.op = PG_QUERY__SET_OPERATION__SETOP_NONE;
   select.limit_option = PG_QUERY__LIMIT_OPTION__LIMIT_OPTION_DEFAULT;
   PgQuery__Node selectNode = PG_QUERY__NODE__INIT;
   selectNode.node_case = PG_QUERY__NODE__NODE_SELECT_STMT;
   selectNode.select_stmt = &select;
   PgQuery__RawStmt raw = PG_QUERY__RAW_STMT__INIT;
   raw.stmt = &selectNode;
   PgQuery__RawStmt* statements[] = {&raw};
   PgQuery__ParseResult tree = PG_QUERY__PARSE_RESULT__INIT;
   tree.n_stmts = 1;
   tree.stmts = statements;
   std::string packed(pg_query__parse_result__get_packed_size(&tree), '\0');
   pg_query__parse_result__pack(&tree, reinterpret_cast<uint8_t*>(packed.data()));
   PgQueryDeparseResult result = pg_query_deparse_protobuf({packed.size(), packed.data()});
   if (result.error) {
      std::string message = result.error->message;
      pg_query_free_deparse_result(result);
      throw Error("XX000", "internal: cannot print an expression back: " + message);
   }
   std::string text = result.query;
   pg_query_free_deparse_result(result);
   constexpr std::string_view prefix = "SELECT ";
   return text.substr(text.compare(0, prefix.size(), prefix) == 0 ? prefix.size() : 0);
}

bool visitMessages(ProtobufCMessage* message, const std::function<bool(ProtobufCMessage&)>& visit) {
   if (!message) return true;
   if (!visit(*message)) return false;
   const ProtobufCMessageDescriptor& descriptor = *message->descriptor;
   char* base = reinterpret_cast<char*>(message);
   if (&descriptor == &pg_query__node__descriptor) {
      // A Node is one of some 250 kinds (a oneof): straight to the one it is, not past the others.
      auto& node = *reinterpret_cast<PgQuery__Node*>(message);
      const ProtobufCFieldDescriptor* field = protobuf_c_message_descriptor_get_field(&descriptor, unsigned(node.node_case));
      return !field || field->type != PROTOBUF_C_TYPE_MESSAGE || visitMessages(*reinterpret_cast<ProtobufCMessage**>(base + field->offset), visit);
   }
   for (unsigned i = 0; i < descriptor.n_fields; ++i) {
      const ProtobufCFieldDescriptor& field = descriptor.fields[i];
      if (field.type != PROTOBUF_C_TYPE_MESSAGE) continue;
      if (field.flags & PROTOBUF_C_FIELD_FLAG_ONEOF) {
         uint32_t chosen;
         std::memcpy(&chosen, base + field.quantifier_offset, sizeof(chosen));
         if (chosen != field.id) continue;
      }
      if (field.label == PROTOBUF_C_LABEL_REPEATED) {
         size_t count;
         std::memcpy(&count, base + field.quantifier_offset, sizeof(count));
         auto* items = *reinterpret_cast<ProtobufCMessage** const*>(base + field.offset);
         for (size_t k = 0; k < count; ++k)
            if (!visitMessages(items[k], visit)) return false;
      } else if (!visitMessages(*reinterpret_cast<ProtobufCMessage**>(base + field.offset), visit)) {
         return false;
      }
   }
   return true;
}

bool containsSubquery(const PgQuery__Node& node) {
   // The walk only reads the tree.
   return !visitMessages(const_cast<ProtobufCMessage*>(&node.base),
                         [](ProtobufCMessage& message) { return message.descriptor != &pg_query__sub_link__descriptor; });
}

}  // namespace kiln
