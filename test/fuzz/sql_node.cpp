#include "sql_node.h"

namespace kiln::fuzz {

namespace {

/// Whether `sql` names a column: the generator writes every column qualified ("a3.k", "x.id",
/// "excluded.k"), and nothing else of the form name.name outside string constants.
bool readsColumn(const std::string& sql) {
   auto isName = [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'; };
   bool quoted = false;
   for (size_t i = 1; i + 1 < sql.size(); ++i) {
      if (sql[i] == '\'') quoted = !quoted;  // '' inside a constant toggles twice
      if (quoted || sql[i] != '.' || !isName(sql[i - 1]) || sql[i + 1] < 'a' || sql[i + 1] > 'z') continue;
      size_t start = i;
      while (start > 0 && isName(sql[start - 1])) --start;
      if (sql[start] >= 'a' && sql[start] <= 'z') return true;
   }
   return false;
}

}  // namespace

std::string SqlNode::print(Unfold unfold, bool asGate) const {
   if (dropped) return "";
   bool unfolding = unfold == Unfold::WithRowColumns || unfold == Unfold::WithSubqueries;
   if (unfolding && !unfolded.empty()) return unfolded;
   bool openGate = unfold == Unfold::MoreRows && (gate || asGate);
   std::string out;
   bool first = true;
   for (const Piece& piece : pieces) {
      if (!piece.node) {
         out += piece.text;
         continue;
      }
      if (isList) {
         if (piece.node->dropped) continue;
         if (!first) out += separator;
         first = false;
      }
      out += piece.node->print(unfold, openGate && conjunction);
   }
   if (openGate && !readsColumn(out)) return "true";
   if (unfold == Unfold::MoreRows && comparedSubquery) return "SELECT * FROM (" + out + ") AS s UNION ALL SELECT NULL";
   if (!unfolding || !constant) return out;
   if (rowColumn.empty() || unfold == Unfold::WithSubqueries) return "(SELECT " + out + ")";
   return "CASE WHEN " + rowColumn + " IS NULL THEN " + out + " ELSE " + out + " END";
}

NodePtr SqlNode::clone() const {
   auto copy = std::make_shared<SqlNode>(*this);
   for (Piece& piece : copy->pieces)
      if (piece.node) piece.node = piece.node->clone();
   return copy;
}

void SqlNode::collect(std::vector<SqlNode*>& out) {
   out.push_back(this);
   for (Piece& piece : pieces)
      if (piece.node && !piece.node->dropped) piece.node->collect(out);
}

NodePtr node(std::vector<Piece> pieces) {
   auto n = std::make_shared<SqlNode>();
   n->pieces = std::move(pieces);
   return n;
}

NodePtr optionalNode(std::vector<Piece> pieces) {
   NodePtr n = node(std::move(pieces));
   n->optional = true;
   return n;
}

NodePtr list(std::vector<NodePtr> items, std::string separator, size_t minItems) {
   auto n = std::make_shared<SqlNode>();
   for (NodePtr& item : items) n->pieces.emplace_back(std::move(item));
   n->isList = true;
   n->separator = std::move(separator);
   n->minItems = minItems;
   return n;
}

NodePtr shaped(std::string shape, std::vector<Piece> pieces) {
   NodePtr n = node(std::move(pieces));
   n->shape = std::move(shape);
   return n;
}

}  // namespace kiln::fuzz
