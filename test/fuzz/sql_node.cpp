#include "sql_node.h"

namespace kiln::fuzz {

std::string SqlNode::print(Unfold unfold) const {
   if (dropped) return "";
   bool unfolding = unfold == Unfold::WithRowColumns || unfold == Unfold::WithSubqueries;
   if (unfolding && !unfolded.empty()) return unfolded;
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
      out += piece.node->print(unfold);
   }
   if (unfold == Unfold::NonEmptySubqueries && comparedSubquery) return "SELECT * FROM (" + out + ") AS s UNION ALL SELECT NULL";
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
