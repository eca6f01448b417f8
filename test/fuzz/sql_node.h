// A generated statement as a tree of text pieces. The tree is what the shrinker works on: it
// leaves out optional parts, drops list items, and puts a smaller piece of the same shape, or a
// plain constant, where a larger one was, for as long as the difference it chases remains.
#pragma once

#include <memory>
#include <string>
#include <vector>

namespace kiln::fuzz {

struct SqlNode;
using NodePtr = std::shared_ptr<SqlNode>;

/// How SqlNode::print writes the statement: as generated, or unfolded for PostgreSQL to
/// evaluate what kiln does (constants with their row column, or, where the shrinker has moved
/// a constant away from its row, as scalar subqueries), or so that more rows reach what kiln
/// evaluates: a NULL row more in each subquery of IN, NOT IN, ANY and ALL (PostgreSQL evaluates
/// the left side only when there are rows), and each gate that reads no column `true`
/// (PostgreSQL decides it before reading any row, a one-time filter even when its constants
/// are subqueries, and skips all it guards when it is false or NULL).
enum class Unfold { None, WithRowColumns, WithSubqueries, MoreRows };

/// Literal text or a child node.
struct Piece {
   Piece(const char* text) : text(text) {}
   Piece(std::string text) : text(std::move(text)) {}
   Piece(NodePtr node) : node(std::move(node)) {}
   std::string text;
   NodePtr node;
};

struct SqlNode {
   std::vector<Piece> pieces;
   /// Nodes of one shape may stand for one another: an expression's shape is its type
   /// ("integer"), a query's the types of its columns, a FROM item's "from". Empty: none.
   std::string shape;
   /// Texts that may replace the whole node: a constant of the expression's type, NULL.
   std::vector<std::string> simpler;
   /// A constant: print(Unfold::...) writes it so that PostgreSQL can neither fold it when it
   /// plans the query nor decide what it guards before reading rows: `CASE WHEN <rowColumn> IS
   /// NULL THEN c ELSE c END`, or `(SELECT c)` where no column is in reach.
   bool constant = false;
   /// A column of the rows where the node is evaluated; empty: none in reach.
   std::string rowColumn;
   /// What an unfolded print writes instead of the pieces, when not empty (`AS NOT MATERIALIZED (`
   /// for a CTE, which PostgreSQL then computes only as far as it is read, as kiln does).
   std::string unfolded;
   /// The subquery of IN, NOT IN, ANY or ALL (see Unfold::MoreRows).
   bool comparedSubquery = false;
   /// A condition that decides which rows go on: WHERE, HAVING, ON (see Unfold::MoreRows).
   bool gate = false;
   /// An AND: when it is a gate, so is each of its operands (PostgreSQL splits it into quals).
   bool conjunction = false;
   /// May be left out entirely (a WHERE clause, DISTINCT, a LIMIT).
   bool optional = false;
   bool dropped = false;
   /// A list: its pieces are nodes, printed with `separator` between them; the shrinker may
   /// drop items as long as `minItems` remain.
   bool isList = false;
   std::string separator;
   size_t minItems = 0;

   std::string print(Unfold unfold = Unfold::None) const { return print(unfold, false); }
   NodePtr clone() const;
   /// This node and all below it, parents before children.
   void collect(std::vector<SqlNode*>& out);

   private:
   /// `asGate`: an operand of a conjunction that is a gate.
   std::string print(Unfold unfold, bool asGate) const;
};

/// A node of plain pieces.
NodePtr node(std::vector<Piece> pieces);
/// An optional node (leaving it out must leave valid SQL).
NodePtr optionalNode(std::vector<Piece> pieces);
NodePtr list(std::vector<NodePtr> items, std::string separator, size_t minItems);
/// A node with a shape (see SqlNode::shape).
NodePtr shaped(std::string shape, std::vector<Piece> pieces);

}  // namespace kiln::fuzz
