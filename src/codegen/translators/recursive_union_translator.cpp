// WITH RECURSIVE. The non-recursive term's pipelines add rows; then one step reruns the
// recursive term's pipelines (each time from fresh hash tables and buffers) as long as the last
// run added rows, which its WorkTableScans read. Added rows also go to the result, which a
// pipeline hands to the operators above at the end. UNION keeps the result in a hash table,
// which drops rows seen before.
#include "codegen/runtime_functions.h"
#include "codegen/translators/buffer_scan.h"
#include "codegen/translators/hash_chain.h"
#include "runtime/work_tables.h"

namespace kiln {

namespace {

/// The rows of the working table and of the result (a hash table's entries for UNION).
RowLayout rowLayout(const RecursiveUnion& recursive) {
   std::vector<std::pair<SqlType, bool>> fields;
   for (const IU* iu : recursive.columns) fields.push_back({iu->type, true});
   return RowLayout::make(fields, recursive.distinct ? sizeof(HashEntryHeader) : 0);
}

/// A pipeline handing the columns of each row of the RowBuffer `buffer` points to to `consumeParent`.
void scanRows(QueryCompiler& compiler, const std::string& name, double expectedRows, StateField buffer, const RowLayout& layout,
              const std::vector<const IU*>& columns, const std::function<void(IUValues&)>& consumeParent) {
   CodeContext& cx = compiler.cx();
   addBufferScan(compiler, name, expectedRows, buffer, [&](llvm::Value* row) {
      IUValues values;
      for (size_t c = 0; c < columns.size(); ++c) {
         const RowLayout::Field& field = layout.fields[c];
         values.setLazy(columns[c], [&cx, row, field] { return loadField(cx, row, field); }, true);
      }
      consumeParent(values);
   });
}

class RecursiveUnionTranslator : public Translator {
   public:
   RecursiveUnionTranslator(QueryCompiler& compiler, const RecursiveUnion& recursive)
      : Translator(compiler, &recursive), union_(recursive), layout_(rowLayout(recursive)) {}

   void produce() override {
      QueryState& state = compiler_.state();
      result_ = state.declarePointer(union_.distinct ? "recursive_union_hash_table" : "recursive_union_rows");
      QueryState::Field workingTable = state.declarePointer("recursive_union_working_table");
      added_ = state.declarePointer("recursive_union_added");
      StateField result = result_, rows = union_.distinct ? state.declarePointer("recursive_union_entries") : result_;
      StateField tables = state.declarePointer("recursive_union_work_tables"), working = workingTable, added = added_;
      size_t rowSize = layout_.size;
      bool distinct = union_.distinct;
      double expected = union_.estimatedRows;
      compiler_.addSetup([=](QueryRuntime& rt) {
         rt.pointer(added) = rt.own(tables, std::make_unique<WorkTables>(rowSize))->added();
         if (distinct) rt.pointer(rows) = &rt.own(result, std::make_unique<ChainedHashTable>(rowSize, expected))->entries;
         else rt.own(result, std::make_unique<RowBuffer>(rowSize));
      });
      compiler_.setWorkTable(&union_, workingTable);
      child(0).produce();
      QueryCompiler::Mark mark = compiler_.mark();
      child(1).produce();
      uint64_t rowsRead = union_.rowsRead;
      compiler_.addStep([=, run = compiler_.takeSince(mark)](QueryRuntime& rt, CompiledModule& module) {
         auto* workTables = rt.get<WorkTables>(tables);
         // Rows beyond those a LIMIT above reads need not be made.
         while (rt.get<RowBuffer>(rows)->size() < rowsRead && workTables->advance()) {
            rt.pointer(working) = workTables->working();
            rt.pointer(added) = workTables->added();
            run(rt, module);
         }
      });
      scanRows(compiler_, "scan recursive union", expected, rows, layout_, union_.columns, [&](IUValues& values) { consumeParent(values); });
   }

   void consume(IUValues& values, Translator& from) override {
      CodeContext& cx = compiler_.cx();
      compiler_.noteStage("recursive union");
      const std::vector<const IU*>& inputs = union_.inputs[&from == &childAt(0) ? 0 : 1];
      std::vector<SqlValue> row;
      for (const IU* iu : inputs) row.push_back(values.get(iu));
      auto append = [&](llvm::Value* buffer) {
         llvm::Value* address = cx.callRuntime(runtime::kiln_rowbuffer_append, {buffer});
         for (size_t c = 0; c < row.size(); ++c) storeField(cx, address, layout_.fields[c], row[c]);
      };
      if (union_.distinct) {
         findOrInsertEntry(cx, result_.load(cx), layout_, row, [&](llvm::Value*) { append(added_.load(cx)); });
         return;
      }
      append(result_.load(cx));
      append(added_.load(cx));
   }

   private:
   const RecursiveUnion& union_;
   RowLayout layout_;
   QueryState::Field result_;
   QueryState::Field added_;  // the rows this run of the recursive term adds
};

class WorkTableScanTranslator : public Translator {
   public:
   WorkTableScanTranslator(QueryCompiler& compiler, const WorkTableScan& scan) : Translator(compiler, &scan), scan_(scan) {}

   void produce() override {
      scanRows(compiler_, "scan working table", scan_.estimatedRows, compiler_.workTable(scan_.source), rowLayout(*scan_.source), scan_.columns,
               [&](IUValues& values) { consumeParent(values); });
   }
   void consume(IUValues&, Translator&) override {}  // a leaf

   private:
   const WorkTableScan& scan_;
};

}  // namespace

std::unique_ptr<Translator> makeRecursiveUnionTranslator(QueryCompiler& compiler, const RecursiveUnion& op) {
   return std::make_unique<RecursiveUnionTranslator>(compiler, op);
}

std::unique_ptr<Translator> makeWorkTableScanTranslator(QueryCompiler& compiler, const WorkTableScan& op) {
   return std::make_unique<WorkTableScanTranslator>(compiler, op);
}

}  // namespace kiln
