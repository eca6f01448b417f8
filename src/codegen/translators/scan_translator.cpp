// Table scan: the source of a pipeline; a loop over a row range of the table's column arrays.
// Under a filter the optimizer marked (Filter::prefilterInScan), its comparisons of integer
// columns with constants (or parameters never NULL, as a cached plan's literals) or with each
// other, and equalities and IN lists of integer or string columns with constants, are first tested on 16 rows at a time with vector instructions, and
// only the rows that pass go through the pipeline (the filter then tests them in full): a row
// that fails costs a fraction of a compare, not a loop iteration with a branch. A block of rows
// whose value range (storage/zone_map.h) fails a comparison with constants is skipped whole.
#include <llvm/IR/Intrinsics.h>

#include <bit>
#include <cstring>

#include "codegen/expression_compiler.h"
#include "codegen/loop.h"
#include "codegen/query_compiler.h"
#include "codegen/runtime_functions.h"
#include "codegen/sql_ops.h"
#include "common/german_string.h"
#include "runtime/key_bitmap.h"
#include "storage/table.h"
#include "storage/zone_map.h"

namespace kiln {

namespace {

class ScanTranslator : public Translator {
   public:
   ScanTranslator(QueryCompiler& compiler, const TableScan& scan) : Translator(compiler, &scan), scan_(scan) {}

   void produce() override {
      CodeContext& cx = compiler_.cx();
      auto& b = cx.builder();
      Table* table = scan_.table;
      std::vector<ColumnFields>& columns = columns_;
      QueryState& state = compiler_.state();
      for (const IU* iu : required()) {
         for (size_t c = 0; c < scan_.columns.size(); ++c) {
            if (scan_.columns[c] != iu) continue;
            bool nullable = !table->column(c).notNull();
            columns.push_back({iu, c, state.declarePointer("column"), nullable ? std::optional(state.declarePointer("column_nulls")) : std::nullopt});
         }
      }
      // Deleted rows are skipped; a table without deletions needs no check.
      std::optional<QueryState::Field> deleted = table->deleted() ? std::optional(state.declarePointer("deleted")) : std::nullopt;
      // Column arrays move as tables grow: their addresses are read when the query starts.
      compiler_.addSetup([table, columns, deleted](QueryRuntime& rt) {
         for (auto& c : columns) {
            rt.pointer(c.data) = table->column(c.column).data();
            if (c.nulls) rt.pointer(*c.nulls) = table->column(c.column).nulls();
         }
         if (deleted) rt.pointer(*deleted) = table->deleted();
      });
      compiler_.addPipeline(
         "scan " + table->name(), double(table->rowCount()), [table](QueryRuntime&) { return table->rowCount(); },
         [&](llvm::Value* begin, llvm::Value* end) {
            end_ = end;
            data_.clear();
            nulls_.clear();
            for (auto& c : columns) {
               data_.push_back(c.data.load(cx));
               nulls_.push_back(c.nulls ? c.nulls->load(cx) : nullptr);
            }
            llvm::Value* deletedRows = deleted ? deleted->load(cx) : nullptr;
            auto emitLive = [&](llvm::Value* row) {
               if (deletedRows) {
                  llvm::Value* isDeleted = b.CreateLoad(cx.i8(), b.CreateInBoundsGEP(cx.i8(), deletedRows, row));
                  cx.ifThen(b.CreateICmpEQ(isDeleted, cx.int8(0)), [&] { emitRow(row); });
               } else {
                  emitRow(row);
               }
            };
            double passingRows = scan_.estimatedRows;
            std::vector<Prefilter> prefilters = findPrefilters(passingRows);
            if (!prefilters.empty()) compiler_.setPipelineWork(passingRows);
            selection_ = nullptr;
            if (prefilters.empty()) {
               cx.forRange(begin, end, emitLive);
            } else {
               std::vector<RangeTest> rangeTests = rangeTestsOf(prefilters);
               if (!rangeTests.empty()) compiler_.noteStage("block skipping");
               compiler_.noteStage("vector prefilter");
               forPassingRows(begin, end, prefilters, rangeTests, emitLive);
            }
         },
         nullptr, QueryCompiler::Source::Splittable);
   }

   void consume(IUValues&, Translator&) override {}

   private:
   struct ColumnFields {
      const IU* iu;
      size_t column;
      QueryState::Field data;
      std::optional<QueryState::Field> nulls;
   };

   /// A comparison `column op constant`, `column op column` or `column IN (constants)` of the
   /// parent filter, testable on a vector of rows. Strings are tested by their first word (length
   /// and prefix) only: a necessary condition, which the filter completes.
   struct Prefilter {
      size_t columnIndex;  // in columns_
      llvm::CmpInst::Predicate predicate;
      std::vector<const Expr*> operands;  // constants, or parameters never NULL: any of them; when empty:
      size_t otherColumnIndex;              // in columns_
      std::optional<QueryState::Field> keyBitmap = std::nullopt;  // instead: the column's value is a key the bitmap holds
   };
   static constexpr unsigned blockRows = KeyBitmap::blockKeys;

   /// A prefilter comparing a column with constants that the value ranges of the column's blocks
   /// of rows (ZoneMap) can tell unmet for a whole block.
   struct RangeTest {
      const Prefilter* prefilter;
      QueryState::Field least, greatest, blocks;  // the column's ZoneMap: its arrays and their length
   };

   std::vector<RangeTest> rangeTestsOf(const std::vector<Prefilter>& prefilters) {
      std::vector<RangeTest> tests;
      QueryState& state = compiler_.state();
      for (const Prefilter& prefilter : prefilters) {
         if (prefilter.keyBitmap || prefilter.operands.empty() || prefilter.predicate == llvm::CmpInst::ICMP_NE) continue;
         const ColumnFields& column = columns_[prefilter.columnIndex];
         if (!ZoneMap::kept(physicalTypeOf(column.iu->type))) continue;
         auto same = std::find_if(tests.begin(), tests.end(), [&](const RangeTest& t) { return t.prefilter->columnIndex == prefilter.columnIndex; });
         if (same != tests.end()) {
            tests.push_back({&prefilter, same->least, same->greatest, same->blocks});
            continue;
         }
         RangeTest test{&prefilter, state.declarePointer("zone_least"), state.declarePointer("zone_greatest"),
                        state.declare("zone_blocks", compiler_.cx().i64())};
         compiler_.addSetup([table = scan_.table, c = column.column, test](QueryRuntime& rt) {
            const ZoneMap& zones = table->column(c).zoneMap();
            rt.pointer(test.least) = const_cast<int64_t*>(zones.least());
            rt.pointer(test.greatest) = const_cast<int64_t*>(zones.greatest());
            rt.at<uint64_t>(test.blocks) = zones.blocks();
         });
         tests.push_back(test);
      }
      return tests;
   }

   /// Whether a row of block `block` may pass every range test: true for a block without a
   /// range (the last, still growing).
   llvm::Value* blockMayPass(const std::vector<RangeTest>& tests, llvm::Value* block) {
      CodeContext& cx = compiler_.cx();
      auto& b = cx.builder();
      llvm::Value* may = b.getTrue();
      for (size_t t = 0; t < tests.size(); ++t) {
         const RangeTest& test = tests[t];
         llvm::Value* ranged = b.CreateICmpULT(block, test.blocks.load(cx));
         llvm::Value* holds = cx.ifThenElse(
            ranged,
            [&]() -> llvm::Value* {
               if (t == 0) compiler_.countBlock(false);
               llvm::Value* least = b.CreateLoad(cx.i64(), b.CreateInBoundsGEP(cx.i64(), test.least.load(cx), block));
               llvm::Value* greatest = b.CreateLoad(cx.i64(), b.CreateInBoundsGEP(cx.i64(), test.greatest.load(cx), block));
               llvm::Value* any = b.getFalse();
               for (const Expr* operand : test.prefilter->operands) {
                  llvm::Value* v = b.CreateSExt(scalar(*operand, columns_[test.prefilter->columnIndex].iu), cx.i64());
                  llvm::Value* met;
                  switch (test.prefilter->predicate) {
                     case llvm::CmpInst::ICMP_SLT: met = b.CreateICmpSLT(least, v); break;
                     case llvm::CmpInst::ICMP_SLE: met = b.CreateICmpSLE(least, v); break;
                     case llvm::CmpInst::ICMP_SGT: met = b.CreateICmpSGT(greatest, v); break;
                     case llvm::CmpInst::ICMP_SGE: met = b.CreateICmpSGE(greatest, v); break;
                     default: met = b.CreateAnd(b.CreateICmpSLE(least, v), b.CreateICmpSLE(v, greatest)); break;  // EQ
                  }
                  any = b.CreateOr(any, met);
               }
               return any;
            },
            [&]() -> llvm::Value* { return b.getTrue(); });
         may = b.CreateAnd(may, holds);
      }
      return may;
   }

   /// Also estimates the rows that pass them all (`passingRows`: at most the scan's rows on entry).
   std::vector<Prefilter> findPrefilters(double& passingRows) {
      std::vector<Prefilter> found = filterPrefilters();
      if (!found.empty()) passingRows = std::min(passingRows, filterAbove()->estimatedRows);  // a part of the filter's condition
      // A join probed with this scan's rows may know which keys can find a partner.
      if (!parent_) return found;
      for (const ProbeKeyFilter& keys : parent_->probeKeyFilters(*this)) {
         size_t at = size_t(std::find_if(columns_.begin(), columns_.end(), [&](const ColumnFields& c) { return c.iu == keys.key; }) - columns_.begin());
         if (at >= columns_.size()) continue;
         found.push_back({at, llvm::CmpInst::ICMP_EQ, {}, 0, keys.bitmap});
         if (keys.passingRows >= 0) passingRows = std::min(passingRows, keys.passingRows);
      }
      return found;
   }

   std::vector<Prefilter> filterPrefilters() {
      std::vector<Prefilter> found;
      const Filter* above = filterAbove();
      if (!above || !above->prefilterInScan) return found;
      const Filter& filter = *above;
      auto columnOf = [&](const Expr& ref) {
         return size_t(std::find_if(columns_.begin(), columns_.end(), [&](const ColumnFields& c) { return c.iu == ref.iu; }) - columns_.begin());
      };
      auto isInteger = [](SqlType type) {
         PhysicalType physical = physicalTypeOf(type);
         return physical == PhysicalType::Int32 || physical == PhysicalType::Int64;
      };
      std::vector<const Expr*> conjuncts{filter.condition.get()};
      for (size_t i = 0; i < conjuncts.size(); ++i) {
         const Expr& e = *conjuncts[i];
         if (e.kind == ExprKind::And) {
            for (auto& c : e.children) conjuncts.push_back(c.get());
            continue;
         }
         // A constant, or a parameter that is never NULL (a cached plan's literal) of a column
         // that is no string (a string parameter's first word is not known while compiling).
         auto isValue = [](const Expr& item, const Expr& column) {
            if (item.kind == ExprKind::Constant) return !item.constant().isNull;
            return item.kind == ExprKind::Parameter && !item.nullable && !column.type.isString();
         };
         if (e.kind == ExprKind::InList && !e.negated) {
            const Expr& column = e.children[0]->withoutPrecisionCast();
            if (column.kind != ExprKind::ColumnRef || columnOf(column) == columns_.size()) continue;
            Prefilter prefilter{columnOf(column), llvm::CmpInst::ICMP_EQ, {}, 0};
            bool testable = column.type.isString() || isInteger(column.type);
            for (size_t k = 1; k < e.children.size() && testable; ++k) {
               const Expr& item = e.children[k]->withoutPrecisionCast();
               bool null = item.kind == ExprKind::Constant && item.constant().isNull;  // never makes the list true
               testable = (null || isValue(item, column)) && sameUnits(column.type, item.type);
               if (testable && !null) prefilter.operands.push_back(&item);
            }
            if (testable && !prefilter.operands.empty()) found.push_back(std::move(prefilter));
            continue;
         }
         if (e.kind != ExprKind::Comparison) continue;
         bool flipped = e.children[0]->kind == ExprKind::Constant || e.children[0]->kind == ExprKind::Parameter;
         const Expr& column = e.children[flipped ? 1 : 0]->withoutPrecisionCast();
         const Expr& other = flipped ? *e.children[0] : e.children[1]->withoutPrecisionCast();
         bool constant = other.kind == ExprKind::Constant || other.kind == ExprKind::Parameter;
         if (column.kind != ExprKind::ColumnRef || (!constant && other.kind != ExprKind::ColumnRef) || (constant && !isValue(other, column))) continue;
         if (!sameUnits(column.type, other.type)) continue;
         bool string = column.type.isString();
         if (string ? !(constant && e.compareOp() == CompareOp::Eq) : !isInteger(column.type)) continue;
         size_t at = columnOf(column), otherAt = constant ? 0 : columnOf(other);
         if (at == columns_.size() || otherAt == columns_.size()) continue;
         CompareOp op = e.compareOp();
         if (flipped)
            op = op == CompareOp::Lt   ? CompareOp::Gt
                 : op == CompareOp::Gt ? CompareOp::Lt
                 : op == CompareOp::Le ? CompareOp::Ge
                 : op == CompareOp::Ge ? CompareOp::Le
                                       : op;
         llvm::CmpInst::Predicate predicate;
         switch (op) {
            case CompareOp::Eq: predicate = llvm::CmpInst::ICMP_EQ; break;
            case CompareOp::Ne: predicate = llvm::CmpInst::ICMP_NE; break;
            case CompareOp::Lt: predicate = llvm::CmpInst::ICMP_SLT; break;
            case CompareOp::Le: predicate = llvm::CmpInst::ICMP_SLE; break;
            case CompareOp::Gt: predicate = llvm::CmpInst::ICMP_SGT; break;
            case CompareOp::Ge: predicate = llvm::CmpInst::ICMP_SGE; break;
            default: continue;
         }
         found.push_back({at, predicate, constant ? std::vector<const Expr*>{&other} : std::vector<const Expr*>{}, otherAt});
      }
      return found;
   }

   /// Whether values of the two types are stored in the same units (comparable as stored).
   static bool sameUnits(SqlType a, SqlType b) {
      if (a.isString() && b.isString()) return true;
      return a.id == b.id && a.scale == b.scale && physicalTypeOf(a) == physicalTypeOf(b);
   }

   /// The first word of a string as stored: its length and its first four bytes.
   static uint64_t firstWord(const std::string& text) {
      GermanString s = GermanString::make(text);
      uint64_t word;
      std::memcpy(&word, &s, sizeof(word));
      return word;
   }

   /// Calls `body(row)`, in order, for the rows of [begin, end) that pass every prefilter (and
   /// for the last rows, fewer than a block, untested). The passing rows of many blocks are first
   /// collected in a selection, then go through the pipeline: an operator that prefetches for the
   /// row some way ahead then gets the row that will come, not one the prefilters drop (TPC-H
   /// Q9's probes of lineitem rows, 5% passing). One call site, so the pipeline's code exists once.
   /// A block of ZoneMap::blockRows rows that `rangeTests` tell unmet is skipped whole.
   void forPassingRows(llvm::Value* begin, llvm::Value* end, const std::vector<Prefilter>& prefilters, const std::vector<RangeTest>& rangeTests,
                       const std::function<void(llvm::Value*)>& body) {
      CodeContext& cx = compiler_.cx();
      auto& b = cx.builder();
      llvm::Type* maskType = b.getIntNTy(blockRows);
      std::vector<bool> tested(columns_.size());  // read by the prefilters: in the cache already
      for (const Prefilter& prefilter : prefilters) tested[prefilter.columnIndex] = true;
      selection_ = cx.entryAlloca(llvm::ArrayType::get(cx.i64(), selectionRows), "selection");
      // Carried: the row reached, and the row up to which the blocks' ranges were tested.
      Loop batches(cx, "prefilter_batch", {begin, begin});
      batches.runWhile(b.CreateICmpULT(batches[0], end));

      // Blocks are tested while the selection has room for one more.
      Loop collect(cx, "prefilter_collect", {batches[0], cx.int64(0), batches[1]});
      llvm::Value* position = collect[0];
      llvm::Value* count = collect[1];
      llvm::Value* rangesTested = collect[2];
      llvm::Value* room = b.CreateICmpULE(count, cx.int64(int64_t(selectionRows - blockRows)));
      collect.runWhile(b.CreateAnd(room, b.CreateICmpULT(position, end)));
      llvm::Value* blockEnd = b.CreateAdd(position, cx.int64(blockRows));
      llvm::Value* wholeBlock = b.CreateICmpULE(blockEnd, end);
      auto testRows = [&] {
         return cx.ifThenElse(
            wholeBlock, [&] { return testBlock(prefilters, position, maskType); },
            [&]() -> llvm::Value* {
               // The last rows, fewer than a block: all go to the filter.
               llvm::Value* left = b.CreateTrunc(b.CreateSub(end, position), maskType);
               return b.CreateSub(b.CreateShl(llvm::ConstantInt::get(maskType, 1), left), llvm::ConstantInt::get(maskType, 1));
            });
      };
      llvm::Value* passing;
      llvm::Value* next = b.CreateSelect(wholeBlock, blockEnd, end);
      if (rangeTests.empty()) {
         passing = testRows();
      } else {
         // On entering a block of the ZoneMap, its ranges are tested once.
         static_assert((ZoneMap::blockRows & (ZoneMap::blockRows - 1)) == 0 && ZoneMap::blockRows % blockRows == 0);
         llvm::Value* zone = b.CreateLShr(position, cx.int64(std::countr_zero(ZoneMap::blockRows)));
         llvm::Value* zoneEnd = b.CreateMul(b.CreateAdd(zone, cx.int64(1)), cx.int64(int64_t(ZoneMap::blockRows)));
         llvm::Value* entering = b.CreateICmpUGE(position, rangesTested);
         llvm::Value* skip = b.CreateNot(
            cx.ifThenElse(entering, [&] { return blockMayPass(rangeTests, zone); }, [&]() -> llvm::Value* { return b.getTrue(); }));
         cx.ifThen(skip, [&] { compiler_.countBlock(true); });
         rangesTested = b.CreateSelect(entering, zoneEnd, rangesTested);
         passing = cx.ifThenElse(skip, [&]() -> llvm::Value* { return llvm::ConstantInt::get(maskType, 0); }, testRows);
         next = b.CreateSelect(skip, b.CreateSelect(b.CreateICmpULT(zoneEnd, end), zoneEnd, end), next);
      }

      // The passing rows of a block (a mask) go into the selection.
      Loop drain(cx, "prefilter_drain", {passing, count});
      llvm::Value* mask = drain[0];
      llvm::Value* selected = drain[1];
      drain.runWhile(b.CreateICmpNE(mask, llvm::ConstantInt::get(maskType, 0)));
      llvm::Value* bit = b.CreateIntrinsic(llvm::Intrinsic::cttz, {maskType}, {mask, b.getTrue()});
      llvm::Value* chosen = b.CreateAdd(position, b.CreateZExt(bit, cx.i64()));
      b.CreateStore(chosen, selectedRow(selected));
      // The other columns the pipeline reads are fetched into the L2 cache as rows are selected,
      // so that the cache misses of the selection's scattered rows overlap before the rows are
      // processed (into L1 instead: no better; bench/notes.md).
      for (size_t i = 0; i < columns_.size(); ++i) {
         if (tested[i]) continue;
         llvm::Value* address = b.CreateInBoundsGEP(cx.memoryType(columns_[i].iu->type), data_[i], chosen);
         b.CreateIntrinsic(llvm::Intrinsic::prefetch, {cx.ptr()}, {address, b.getInt32(0), b.getInt32(2), b.getInt32(1)});
      }
      drain.repeat({b.CreateAnd(mask, b.CreateSub(mask, llvm::ConstantInt::get(maskType, 1))), b.CreateAdd(selected, cx.int64(1))});
      collect.repeat({next, drain[1], rangesTested});

      selectedCount_ = collect[1];
      cx.forRange(cx.int64(0), collect[1], [&](llvm::Value* index) {
         selectedIndex_ = index;
         body(b.CreateLoad(cx.i64(), selectedRow(index)));
      });
      batches.repeat({collect[0], collect[2]});
   }

   /// A prefilter's operand as the column holds values (a string: its first word).
   llvm::Value* scalar(const Expr& value, const IU* column) {
      CodeContext& cx = compiler_.cx();
      if (value.kind == ExprKind::Parameter) {
         IUValues none;
         return ExpressionCompiler(cx, none).compile(value).value;
      }
      const Value& constant = value.constant();
      if (column->type.isString()) return cx.int64(int64_t(firstWord(constant.string)));
      return SqlOps(cx).constant(constant).value;
   }

   /// The rows of the block of rows at `position` that pass every prefilter (a mask).
   llvm::Value* testBlock(const std::vector<Prefilter>& prefilters, llvm::Value* position, llvm::Type* maskType) {
      CodeContext& cx = compiler_.cx();
      auto& b = cx.builder();
      llvm::Value* passing = llvm::ConstantInt::get(maskType, llvm::APInt::getAllOnes(blockRows));
      auto loadBlock = [&](size_t columnIndex) -> llvm::Value* {
         const IU* iu = columns_[columnIndex].iu;
         llvm::Type* element = cx.memoryType(iu->type);
         llvm::Value* address = b.CreateInBoundsGEP(element, data_[columnIndex], position);
         if (!iu->type.isString())
            return b.CreateAlignedLoad(llvm::FixedVectorType::get(element, blockRows), address, llvm::Align(element->getPrimitiveSizeInBits() / 8));
         // The first of each string's two words.
         llvm::Value* words = b.CreateAlignedLoad(llvm::FixedVectorType::get(cx.i64(), 2 * blockRows), address, llvm::Align(8));
         llvm::SmallVector<int, blockRows> even;
         for (unsigned k = 0; k < blockRows; ++k) even.push_back(int(2 * k));
         return b.CreateShuffleVector(words, even);
      };
      auto splat = [&](const Expr& value, const IU* column) -> llvm::Value* {
         if (value.kind == ExprKind::Parameter) return b.CreateVectorSplat(blockRows, scalar(value, column));
         return llvm::ConstantVector::getSplat(llvm::ElementCount::getFixed(blockRows), llvm::cast<llvm::Constant>(scalar(value, column)));
      };
      // A NULL fails every comparison.
      auto withoutNulls = [&](llvm::Value* test, size_t columnIndex) {
         if (!nulls_[columnIndex]) return test;
         auto* bytes = llvm::FixedVectorType::get(cx.i8(), blockRows);
         llvm::Value* isNull = b.CreateAlignedLoad(bytes, b.CreateInBoundsGEP(cx.i8(), nulls_[columnIndex], position), llvm::Align(1));
         return b.CreateAnd(test, b.CreateICmpEQ(isNull, llvm::ConstantAggregateZero::get(bytes)));
      };
      for (const Prefilter& prefilter : prefilters) {
         llvm::Value* values = prefilter.keyBitmap ? nullptr : loadBlock(prefilter.columnIndex);
         llvm::Value* test;
         if (prefilter.keyBitmap) {
            test = keyBitmapTest(prefilter.columnIndex, position, *prefilter.keyBitmap);
         } else if (prefilter.operands.empty()) {
            test = withoutNulls(b.CreateICmp(prefilter.predicate, values, loadBlock(prefilter.otherColumnIndex)), prefilter.otherColumnIndex);
         } else {
            test = b.CreateICmp(prefilter.predicate, values, splat(*prefilter.operands[0], columns_[prefilter.columnIndex].iu));
            for (size_t k = 1; k < prefilter.operands.size(); ++k)
               test = b.CreateOr(test, b.CreateICmp(prefilter.predicate, values, splat(*prefilter.operands[k], columns_[prefilter.columnIndex].iu)));
         }
         test = withoutNulls(test, prefilter.columnIndex);
         passing = b.CreateAnd(passing, b.CreateBitCast(test, maskType));
      }
      return passing;
   }

   /// Which of the block's keys in column `columnIndex` the KeyBitmap `bitmap` holds (a vector
   /// of booleans). A call per block: the lookups in generated code cost quick code's compile
   /// time more than the call costs at run time.
   llvm::Value* keyBitmapTest(size_t columnIndex, llvm::Value* position, const QueryState::Field& bitmap) {
      CodeContext& cx = compiler_.cx();
      auto& b = cx.builder();
      const IU* iu = columns_[columnIndex].iu;
      bool wide = physicalTypeOf(iu->type) == PhysicalType::Int64;
      llvm::Value* keys = b.CreateInBoundsGEP(cx.memoryType(iu->type), data_[columnIndex], position);
      llvm::Value* mask = cx.callRuntime(wide ? runtime::kiln_key_bitmap_block64 : runtime::kiln_key_bitmap_block32, {bitmap.load(cx), keys});
      return b.CreateBitCast(b.CreateTrunc(mask, b.getIntNTy(blockRows)), llvm::FixedVectorType::get(cx.i1(), blockRows));
   }

   SqlValue loadColumn(size_t i, llvm::Value* row) {
      CodeContext& cx = compiler_.cx();
      auto& b = cx.builder();
      const IU* iu = columns_[i].iu;
      llvm::Value* address = b.CreateInBoundsGEP(cx.memoryType(iu->type), data_[i], row);
      llvm::Value* nullAddress = nulls_[i] ? b.CreateInBoundsGEP(cx.i8(), nulls_[i], row) : nullptr;
      return SqlOps(cx).load(address, nullAddress, iu->type, nulls_[i] != nullptr);
   }

   void emitRow(llvm::Value* row) {
      IUValues values;
      for (size_t i = 0; i < columns_.size(); ++i) values.setLazy(columns_[i].iu, [this, i, row] { return loadColumn(i, row); }, true);
      if (scan_.rowId) values.set(scan_.rowId, {row, nullptr, SqlType::bigInt()});
      RowLookahead lookahead{[this, row](int64_t distance) { return rowAhead(row, distance); }, lookaheadRows(),
                             [this](const IU* iu, llvm::Value* at) -> std::optional<SqlValue> {
                                for (size_t i = 0; i < columns_.size(); ++i)
                                   if (columns_[i].iu == iu) return loadColumn(i, at);
                                return std::nullopt;
                             }};
      // Also in quick code: a miss to memory costs more than its extra instructions (bench/notes.md).
      values.setLookahead(&lookahead);
      consumeParent(values);
   }

   /// The row `distance` rows after `row` (the current one) that the pipeline gets, or `row` near
   /// the end of the range or the selection.
   llvm::Value* rowAhead(llvm::Value* row, int64_t distance) {
      CodeContext& cx = compiler_.cx();
      auto& b = cx.builder();
      if (!selection_) {
         llvm::Value* ahead = b.CreateAdd(row, cx.int64(distance));
         return b.CreateSelect(b.CreateICmpULT(ahead, end_), ahead, row);
      }
      llvm::Value* ahead = b.CreateAdd(selectedIndex_, cx.int64(distance));
      ahead = b.CreateSelect(b.CreateICmpULT(ahead, selectedCount_), ahead, selectedIndex_);
      return b.CreateLoad(cx.i64(), selectedRow(ahead));
   }

   /// The rows estimated to reach the pipeline's operators: past the prefilters, about as many as
   /// pass the filter they come from.
   double lookaheadRows() const {
      if (selection_ && filterAbove()) return filterAbove()->estimatedRows;
      return scan_.estimatedRows;
   }

   llvm::Value* selectedRow(llvm::Value* index) {
      CodeContext& cx = compiler_.cx();
      return cx.builder().CreateInBoundsGEP(cx.i64(), selection_, index);
   }

   /// Rows passing the prefilters are collected up to this many before they go on.
   static constexpr unsigned selectionRows = 256;

   const TableScan& scan_;
   std::vector<ColumnFields> columns_;
   std::vector<llvm::Value*> data_, nulls_;
   llvm::Value* end_ = nullptr;
   // With prefilters: the rows passing them (an array), how many, and the one being processed.
   llvm::Value* selection_ = nullptr;
   llvm::Value* selectedCount_ = nullptr;
   llvm::Value* selectedIndex_ = nullptr;
};

}  // namespace

std::unique_ptr<Translator> makeScanTranslator(QueryCompiler& compiler, const TableScan& op) { return std::make_unique<ScanTranslator>(compiler, op); }

}  // namespace kiln
