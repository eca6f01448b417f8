// Produce/consume code generation (Neumann, PVLDB 2011): one translator per operator.
// produce() generates the pipelines below an operator; consume() is called by a child, inside
// the child's pipeline, with the values of the current tuple, and generates this operator's
// part of that pipeline before handing the tuple to its own parent.
#pragma once

#include <memory>
#include <vector>

#include "algebra/operator.h"
#include "codegen/iu_values.h"
#include "codegen/query_state.h"

namespace kiln {

class QueryCompiler;

/// A bitmap of the integer keys a hash join's build side holds (the KeyBitmap `bitmap` points to):
/// a row of the probe side whose `key` is not in it has no partner.
struct ProbeKeyFilter {
   const IU* key;
   QueryState::Field bitmap;
   double passingRows = -1;  // the probing rows estimated to pass it (-1: not known)
};

class Translator {
   public:
   Translator(QueryCompiler& compiler, const Operator* op) : compiler_(compiler), op_(op) {}
   virtual ~Translator() = default;

   virtual void produce() = 0;
   virtual void consume(IUValues& values, Translator& from) = 0;

   void setParent(Translator* parent) { parent_ = parent; }
   void addChild(std::unique_ptr<Translator> child) {
      child->setParent(this);
      children_.push_back(std::move(child));
   }
   const Operator* op() const { return op_; }
   /// For the child whose rows probe this operator: key filters its scan may apply before
   /// handing rows on (made on request); none unless the plan asks for them (Join::probeKeyBitmap).
   virtual std::vector<ProbeKeyFilter> probeKeyFilters(const Translator& child) { return {}; }
   /// Whether this operator starts loading what it will read for a row of `child` given ahead
   /// (prefetchFor): an index join's lookups, so that their cache misses overlap.
   virtual bool prefetches(const Translator& child) const { return false; }
   /// Generates the prefetches for a row that `child` will hand on later, with these values: far
   /// ahead the first loads (an index join's hash slot), `near` (some rows later, when those
   /// have arrived) the loads that depend on them (the found row's columns).
   virtual void prefetchFor(IUValues& values, const Translator& child, bool near) {}
   /// Whether this operator may take the rows of `child` on several workers at once, each with
   /// its own copy of the query's state: what it changes per row is in objects that its sink
   /// makes per worker (QueryCompiler::addWorkerLocal), or nothing, and what it computes gives the
   /// same on any thread (no volatile functions).
   virtual bool parallelSafe(const Translator& child) const { return false; }
   Translator& childAt(size_t i) { return *children_[i]; }

   protected:
   void consumeParent(IUValues& values);
   /// The filter this operator hands its rows to, when its parent is one.
   const Filter* filterAbove() const {
      bool isFilter = parent_ && parent_->op() && parent_->op()->kind == OperatorKind::Filter;
      return isFilter ? static_cast<const Filter*>(parent_->op()) : nullptr;
   }
   /// Whether the parent prefetches for rows given ahead (see prefetches()).
   bool parentPrefetches() const { return parent_ && parent_->prefetches(*this); }
   void prefetchParent(IUValues& values, bool near) { parent_->prefetchFor(values, *this, near); }
   Translator& child(size_t i = 0) { return *children_[i]; }
   /// The IUs the parent reads from this operator's output.
   const std::vector<const IU*>& required() const;

   QueryCompiler& compiler_;
   const Operator* op_;
   Translator* parent_ = nullptr;
   std::vector<std::unique_ptr<Translator>> children_;
};

std::unique_ptr<Translator> makeScanTranslator(QueryCompiler& compiler, const TableScan& op);
std::unique_ptr<Translator> makeIndexScanTranslator(QueryCompiler& compiler, const IndexScan& op);
std::unique_ptr<Translator> makeValuesTranslator(QueryCompiler& compiler, const Values& op);
std::unique_ptr<Translator> makeFilterTranslator(QueryCompiler& compiler, const Filter& op);
std::unique_ptr<Translator> makeMapTranslator(QueryCompiler& compiler, const Map& op);
std::unique_ptr<Translator> makeAggregateTranslator(QueryCompiler& compiler, const Aggregate& op);
std::unique_ptr<Translator> makeSortTranslator(QueryCompiler& compiler, const Sort& op);
std::unique_ptr<Translator> makeLimitTranslator(QueryCompiler& compiler, const Limit& op);
std::unique_ptr<Translator> makeJoinTranslator(QueryCompiler& compiler, const Join& op);
std::unique_ptr<Translator> makeBuildLeftJoinTranslator(QueryCompiler& compiler, const Join& op);
std::unique_ptr<Translator> makeUnionAllTranslator(QueryCompiler& compiler, const UnionAll& op);
std::unique_ptr<Translator> makeSeriesTranslator(QueryCompiler& compiler, const Series& op);
std::unique_ptr<Translator> makeWindowTranslator(QueryCompiler& compiler, const Window& op);
std::unique_ptr<Translator> makeRecursiveUnionTranslator(QueryCompiler& compiler, const RecursiveUnion& op);
std::unique_ptr<Translator> makeWorkTableScanTranslator(QueryCompiler& compiler, const WorkTableScan& op);
std::unique_ptr<Translator> makeWithSharedTranslator(QueryCompiler& compiler, const WithShared& op);
std::unique_ptr<Translator> makeSharedScanTranslator(QueryCompiler& compiler, const SharedScan& op);

}  // namespace kiln
