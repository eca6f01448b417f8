// Cardinality estimates for the optimizer's choices, from the statistics kiln keeps (row
// counts, distinct counts) and textbook defaults where it has none.
#pragma once

#include <optional>
#include <unordered_map>

#include "algebra/operator.h"

namespace kiln {

class Column;

class CardinalityEstimator {
   public:
   /// Learns which table column each scanned IU comes from.
   explicit CardinalityEstimator(const Operator& root);

   /// The fraction of tuples for which `predicate` is expected to hold.
   double selectivity(const Expr& predicate) const;
   /// The fraction of pairs of a `leftRows` and a `rightRows` input for which `predicate` holds.
   double joinSelectivity(const Expr& predicate, double leftRows, double rightRows) const;
   /// The fraction of pairs that agree on a key of several columns (a = a' AND b = b' ...), where
   /// `leftKeys[i]` and `rightKeys[i]` are compared. The key's distinct count on each side is the
   /// product of its columns' counts, but no more than that side's rows: columns of a key are
   /// not independent.
   double keyJoinSelectivity(const std::vector<const Expr*>& leftKeys, const std::vector<const Expr*>& rightKeys, double leftRows, double rightRows) const;
   /// Rows an operator is expected to produce.
   double rows(const Operator& op) const;

   private:
   /// The share of a semi join's left tuples expected to find a partner.
   double partnerFraction(const Join& join, double leftRows, double rightRows) const;
   /// Distinct values of an expression (a column's statistic), at most `rows`; 0 when unknown.
   double distinct(const Expr& e, double rows) const;
   /// Distinct values of a join key, at most `rows`: a column's statistic, or for a computed key
   /// the most its columns' values allow (each row a distinct value would make any join on it
   /// look selective); 0 when unknown.
   double joinKeyDistinct(const Expr& e, double rows) const;
   /// For `column op constant` (op <, <=, >, >=) on a column with a known range: the column and
   /// the share [from, to] of that range the condition keeps, assuming values spread evenly.
   struct RangeShare {
      const IU* column;
      double from, to;
   };
   std::optional<RangeShare> rangeShare(const Expr& e) const;
   void index(const Operator& op);

   std::unordered_map<const IU*, const Column*> columns_;
};

}  // namespace kiln
