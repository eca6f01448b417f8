// The literals of a statement's text, followed through binding and optimization for the plan
// cache. A constant bound from a literal holds it (Expr::literal), and so does each constant
// converted from such a constant. A literal whose value nothing read becomes a parameter of the
// cached plan, and the same text with another value there runs the same machine code. A literal
// whose value something read (a LIMIT, a LIKE pattern, folding 1 + 2, comparing two expressions)
// is pinned: the plan is reused only for that value. Decisions that depend on a value in a way a
// new value can be checked against (a string's length against a VARCHAR(n), an estimate) are
// guards: a new value is taken when it decides the same.
#pragma once

#include <cstdint>
#include <functional>
#include <unordered_map>
#include <vector>

#include "common/value.h"

namespace kiln {

class LiteralSlots {
   public:
   /// How a node's value came from the node it was converted from.
   enum class Step : uint8_t {
      Literal,        // the text's literal itself
      Coerce,         // an implicit conversion (folding::convert, not explicit)
      Cast,           // an explicit cast (folding::convert, explicit)
      ForComparison,  // a date as compared with a timestamp (folding::dateForComparison)
   };
   struct Node {
      int literal;     // of the text
      int from;        // the node converted; -1 for the literal itself
      Step step;
      SqlType target;  // converted to
   };
   /// What a guard decided.
   enum class Decision : uint8_t { FixedPointType, ComparisonType, RangeEstimate };
   /// A decision taken on a node's value: a new value must decide the same for the plan to hold.
   struct Guard {
      int node;
      Decision what;
      std::function<int64_t(const Value&)> decide;
      int64_t decided;
   };

   explicit LiteralSlots(size_t literals) : pinned_(literals, false) {}

   /// The parse tree's constant `aConst` is the text's literal `literal`, whose value read from
   /// the text is `natural`.
   void expect(const void* aConst, int literal, Value natural) { expected_[aConst] = {literal, std::move(natural)}; }
   /// The node of a constant bound from `aConst` with the value `bound`; -1 when it is no literal of
   /// the text (a view's, a type modifier's), or the text's reading differs from the parser's.
   int bound(const void* aConst, const Value& bound);
   /// The node of the constant `value`, converted by `step` from node `from`'s.
   int converted(int from, Step step, SqlType target);
   void pin(int node) { pinned_[size_t(nodes_[size_t(node)].literal)] = true; }
   /// Binding read the parse tree's constant `aConst` itself (a position in ORDER BY, a type
   /// modifier): its literal, if it is one, is pinned.
   static void readFromTree(const void* aConst);
   /// Records that `decide(value)` (for node `node`'s `value`) chose what the plan does (once per
   /// node and kind of decision: estimates are made again and again).
   void guard(int node, Decision what, const Value& value, std::function<int64_t(const Value&)> decide);

   const std::vector<Node>& nodes() const { return nodes_; }
   const std::vector<Guard>& guards() const { return guards_; }
   bool pinned(int literal) const { return pinned_[size_t(literal)]; }

   /// The literals followed by the statement being bound on this thread (null for none).
   static LiteralSlots* current();
   class Scope {
      public:
      explicit Scope(LiteralSlots* slots);
      ~Scope();
      Scope(const Scope&) = delete;
      Scope& operator=(const Scope&) = delete;

      private:
      LiteralSlots* outer_;
   };

   private:
   struct Expected {
      int literal;
      Value natural;
   };
   std::unordered_map<const void*, Expected> expected_;
   std::vector<Node> nodes_;
   std::vector<Guard> guards_;
   std::vector<bool> pinned_;  // per literal
};

/// For a constant `e` holding a literal: records that `decide(e's value)` chose what binding
/// does with it (see LiteralSlots::guard). Nothing for any other expression.
struct Expr;
void guardLiteral(const Expr& e, LiteralSlots::Decision what, std::function<int64_t(const Value&)> decide);

}  // namespace kiln
