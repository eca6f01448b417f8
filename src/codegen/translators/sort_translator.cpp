// Sort: materializes the tuples into rows, sorts them with a generated comparison function
// (only the first offset + limit rows when a LIMIT sits above), then scans them in order.
#include "codegen/runtime_functions.h"
#include "codegen/translators/buffer_scan.h"
#include "codegen/translators/row_access.h"
#include "codegen/translators/row_compare.h"
#include "runtime/helpers.h"

namespace kiln {

namespace {

class SortTranslator : public Translator {
   public:
   SortTranslator(QueryCompiler& compiler, const Sort& sort) : Translator(compiler, &sort), sort_(sort) {}

   void produce() override {
      CodeContext& cx = compiler_.cx();
      std::vector<std::pair<SqlType, bool>> fields;
      for (const IU* iu : required()) fields.push_back({iu->type, iu->nullable});
      layout_ = RowLayout::make(fields);
      buffer_ = compiler_.state().declarePointer("sort_rows");
      StateField buffer = buffer_;
      size_t size = layout_.size;
      compiler_.addSetup([buffer, size](QueryRuntime& rt) { rt.own(buffer, std::make_unique<RowBuffer>(size)); });

      std::string compareName = generateCompare();
      child().produce();

      uint64_t keep = UINT64_MAX;
      if (parent_->op() && parent_->op()->kind == OperatorKind::Limit) {
         auto& limit = static_cast<const Limit&>(*parent_->op());
         keep = limit.limit > UINT64_MAX - limit.offset ? UINT64_MAX : limit.offset + limit.limit;
      }
      compiler_.setFunctionWork(compareName, sort_.estimatedRows);
      using Compare = int32_t (*)(const char*, const char*);
      compiler_.addStep([buffer, compareName, keep, compare = std::make_shared<Compare>(nullptr)](QueryRuntime& rt, CompiledModule& module) {
         if (!*compare) *compare = reinterpret_cast<Compare>(module.lookup(compareName));
         kiln_sort(rt.get<RowBuffer>(buffer), *compare, keep);
      });
      addBufferScan(compiler_, "scan sorted rows", sort_.estimatedRows, buffer_, [&](llvm::Value* row) {
         IUValues values;
         for (size_t i = 0; i < required().size(); ++i) {
            const RowLayout::Field& field = layout_.fields[i];
            values.setLazy(required()[i], [&cx, row, field] { return loadField(cx, row, field); }, true);
         }
         consumeParent(values);
      });
   }

   bool parallelSafe(const Translator&) const override { return true; }

   void consume(IUValues& values, Translator&) override {
      CodeContext& cx = compiler_.cx();
      compiler_.noteStage("sort materialize");
      StateField buffer = buffer_;
      size_t size = layout_.size;
      compiler_.addWorkerLocal(buffer, appendedRows([buffer, size](QueryRuntime& worker) { worker.own(buffer, std::make_unique<RowBuffer>(size)); },
                                                    [buffer](QueryRuntime& state) -> RowBuffer& { return *state.get<RowBuffer>(buffer); }));
      std::vector<SqlValue> row;
      for (const IU* iu : required()) row.push_back(values.get(iu));
      llvm::Value* address = cx.callRuntime(runtime::kiln_rowbuffer_append, {buffer_.load(cx)});
      for (size_t i = 0; i < row.size(); ++i) storeField(cx, address, layout_.fields[i], row[i]);
   }

   private:
   /// int32 compare(row a, row b): ORDER BY's keys in turn, NULLs placed as asked.
   std::string generateCompare() {
      std::vector<std::pair<RowLayout::Field, SortKey>> keys;
      for (const SortKey& key : sort_.keys) {
         size_t index = 0;
         while (required()[index] != key.iu) ++index;
         keys.push_back({layout_.fields[index], key});
      }
      return generateRowCompare(compiler_.cx(), keys);
   }

   const Sort& sort_;
   RowLayout layout_;
   QueryState::Field buffer_;
};

}  // namespace

std::unique_ptr<Translator> makeSortTranslator(QueryCompiler& compiler, const Sort& op) { return std::make_unique<SortTranslator>(compiler, op); }

}  // namespace kiln
