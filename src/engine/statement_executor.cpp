#include "engine/statement_executor.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>
#include <limits>
#include <optional>
#include <span>
#include <sstream>
#include <unordered_map>

#include "algebra/plan_printer.h"
#include "codegen/query_compiler.h"
#include "common/german_string.h"
#include "engine/alter_table.h"
#include "engine/check_validation.h"
#include "engine/copy_writer.h"
#include "engine/foreign_keys.h"
#include "engine/row_changes.h"
#include "optimizer/cardinality.h"
#include "optimizer/optimizer.h"
#include "storage/copy_reader.h"
#include "storage/statistics.h"

namespace kiln {

namespace {

using Clock = std::chrono::steady_clock;

double millisecondsSince(Clock::time_point start) { return std::chrono::duration<double, std::milli>(Clock::now() - start).count(); }

/// What EXPLAIN ANALYZE learns from running a query.
struct Analysis {
   CompiledQuery query;
   std::unordered_map<const Operator*, uint64_t> actualRows;
};

/// Optimizes, compiles and runs a query; `consume(rows, layout)` gets its result rows while they
/// are valid (and may keep them). With `analysis`, the generated code counts each operator's
/// output and the pipelines are timed. With `input`, a query compiled before runs again with the
/// given parameter values. (`consume` is a template parameter: a std::function would allocate.)
/// Optimizes `plan` and compiles it into `query`, unless `query` holds its machine code already
/// (and `plan` is optimized). `countRows`: the code counts each operator's rows (EXPLAIN ANALYZE).
void compileOnce(QueryPlan& plan, CompiledQuery& query, bool countRows, StatementStats& stats) {
   if (query.module) return;
   optimize(plan);
   QueryCompiler compiler(plan, countRows);
   if (query.optimizeAll) compiler.optimizeAll();
   query = compiler.compile();
   stats.compileMs = query.codegenMs + query.llvmMs;
}

template <typename Consume>
void runCompiled(QueryPlan& plan, CompiledQuery& query, StatementStats& stats, Analysis* analysis, ExecutionInput* input, Consume& consume,
                 ResultChunks* chunks);

/// Runs `plan` (compiled first, unless `input` holds its machine code) and hands its rows to
/// `consume`.
/// With `chunks`, the rows go there in chunks while the query runs, and `consume` gets the rest.
template <typename Consume>
void runQuery(QueryPlan& plan, StatementStats& stats, Analysis* analysis, ExecutionInput* input, Consume&& consume, ResultChunks* chunks = nullptr) {
   if (input && input->compiled) return runCompiled(plan, *input->compiled, stats, analysis, input, consume, chunks);
   CompiledQuery local;  // only here: even an empty one costs a prepared statement's run dozens of instructions
   runCompiled(plan, local, stats, analysis, input, consume, chunks);
}

template <typename Consume>
void runCompiled(QueryPlan& plan, CompiledQuery& query, StatementStats& stats, Analysis* analysis, ExecutionInput* input, Consume& consume,
                 ResultChunks* chunks) {
   // A statement run from cached machine code is all execution: the caller's clock says how
   // long (reading the clock costs as much as a tenth of a point query).
   bool timed = !query.module;
   compileOnce(plan, query, analysis != nullptr, stats);
   auto start = timed ? Clock::now() : Clock::time_point();
   if (!query.runtime) query.runtime = std::make_unique<QueryRuntime>(query.stateLayout);
   QueryRuntime& runtime = *query.runtime;
   runtime.startRun();
   for (auto& setup : query.setup) setup(runtime);
   if (!query.parameterLayout.fields.empty()) {
      // The bound values are read where they are: they must be laid out as the code expects.
      // (Type by type when just compiled: later runs get the values made with the same types.)
      const auto& fields = query.parameterLayout.fields;
      const ParameterValues* values = input ? input->parameters : nullptr;
      bool laidOut = values && values->layout().fields.size() == fields.size() && values->layout().size == query.parameterLayout.size;
      for (size_t i = 0; laidOut && timed && i < fields.size(); ++i) laidOut = values->layout().fields[i].type == fields[i].type;
      if (!laidOut) throw Error("08P01", "the statement needs " + std::to_string(fields.size()) + " parameter values of its parameters' types");
      runtime.pointer(query.parameterValues) = const_cast<char*>(values->data());
   }
   {
      std::optional<ChunkedResultRows> chunked;
      if (chunks) chunked.emplace(*chunks, *runtime.get<RowBuffer>(query.resultRows), query.resultLayout, plan.columnNames);
      for (auto& step : query.steps) step(runtime, *query.module);
   }
   stats.executeMs = timed ? millisecondsSince(start) : std::numeric_limits<double>::quiet_NaN();
   consume(*runtime.get<RowBuffer>(query.resultRows), query.resultLayout);
   if (analysis) {
      for (auto [op, counter] : query.rowCounters) analysis->actualRows[op] = runtime.at<uint64_t>(counter);
      for (PipelineInfo& pipeline : *query.pipelines) {
         if (!pipeline.blocks) continue;
         pipeline.blocks->testedBlocks = runtime.at<uint64_t>(pipeline.blocks->tested);
         pipeline.blocks->skippedBlocks = runtime.at<uint64_t>(pipeline.blocks->skipped);
      }
   }
   // Freed now rather than at the next run: a join's hash table may be large.
   runtime.reset();
   if (analysis) analysis->query = std::move(query);
}

/// How a parallel pipeline's morsels were spread over its workers, for EXPLAIN ANALYZE.
std::string morselSpread(const std::vector<uint64_t>& morselsPerWorker) {
   if (morselsPerWorker.empty()) return "  on one thread";
   std::string spread;
   for (uint64_t morsels : morselsPerWorker) spread += (spread.empty() ? "" : "/") + std::to_string(morsels);
   return "  " + std::to_string(morselsPerWorker.size()) + " workers, morsels " + spread;
}

/// The result a statement fills: the one `input` hands back for reuse, or a new one.
std::shared_ptr<ResultData> resultFor(ExecutionInput* input) {
   if (input && input->reusableResult) return std::move(input->reusableResult);
   return std::make_shared<ResultData>();
}

/// The RETURNING rows of a statement: the fields from `returning.firstColumn` on of `rows`, which
/// are rows of `buffer` (all of them, or some: one per target row, those ON CONFLICT returns). The
/// result takes the buffer as it is and reads just those fields: no copy of the values.
void returnRows(ResultData& result, const Returning& returning, const QueryPlan& plan, RowBuffer& buffer, std::span<char* const> rows,
                const RowLayout& layout) {
   RowLayout& returned = result.layout;  // built in place: a reused result keeps its memory
   returned.fields.assign(layout.fields.begin() + long(returning.firstColumn), layout.fields.end());
   returned.size = layout.size;
   if (rows.data() != buffer.rows() || rows.size() != buffer.size()) buffer.rowVector().assign(rows.begin(), rows.end());
   result.hasRows = true;
   if (result.names.empty()) result.names = returning.names;  // a reused result has them (clearForReuse)
   result.takeRows(buffer, returned);
}

/// Runs a query whose rows the caller gets as a result.
void runQuery(QueryPlan& plan, ResultData& result, Analysis* analysis = nullptr, ExecutionInput* input = nullptr, ResultChunks* chunks = nullptr) {
   runQuery(
      plan, result.stats, analysis, input,
      [&](RowBuffer& rows, const RowLayout& layout) {
         if (result.names.empty()) result.names = plan.columnNames;  // a reused result has them (clearForReuse)
         result.takeRows(rows, layout);
      },
      chunks);
}

std::shared_ptr<ResultData> createTable(DatabaseImpl& database, CreateTableStatement& create) {
   auto result = std::make_shared<ResultData>();
   result->statusTag = "CREATE TABLE";
   if (create.ifNotExists && database.catalog.findTable(create.name)) return result;
   std::vector<std::unique_ptr<Column>> columns;
   for (size_t i = 0; i < create.columns.size(); ++i) {
      const ColumnInfo& c = create.columns[i];
      columns.push_back(std::make_unique<Column>(c.name, c.type, c.notNull));
      if (i < create.defaults.size()) {
         columns.back()->setDefaultSql(create.defaults[i].sql);
         columns.back()->setIdentity(create.defaults[i].identity);
         *columns.back()->identityCounter() = create.defaults[i].identityStart;
      }
   }
   auto table = std::make_unique<Table>(create.name, std::move(columns), create.primaryKey);
   table->setChecks(create.checks);
   table->setForeignKeys(create.foreignKeys);
   // The keys' indexes take their constraints' names, which no other index may have.
   std::vector<std::string> names = create.uniqueKeyNames;
   if (!create.primaryKey.empty()) names.push_back(create.primaryKeyName);
   for (size_t i = 0; i < names.size(); ++i)
      if (std::count(names.begin(), names.begin() + long(i), names[i]) || database.catalog.tableWithIndex(names[i]))
         throw Error("42P07", "relation \"" + names[i] + "\" already exists");
   if (!create.primaryKey.empty()) table->addUniqueIndex(create.primaryKeyName, create.primaryKey, UniqueKind::PrimaryKey);
   for (size_t k = 0; k < create.uniqueKeys.size(); ++k) table->addUniqueIndex(create.uniqueKeyNames[k], create.uniqueKeys[k], UniqueKind::Constraint);
   database.catalog.createTable(std::move(table));
   database.undo.recordCreateTable(create.name);
   return result;
}

std::shared_ptr<ResultData> createIndex(DatabaseImpl& database, CreateIndexStatement& create) {
   auto result = std::make_shared<ResultData>();
   result->statusTag = "CREATE INDEX";
   if (database.catalog.tableWithIndex(create.name)) {
      if (create.ifNotExists) return result;
      throw Error("42P07", "relation \"" + create.name + "\" already exists");
   }
   if (create.unique) create.table->addUniqueIndex(create.name, create.columns, UniqueKind::Index);
   else create.table->addSecondaryIndex(std::make_unique<SecondaryIndex>(create.name, create.columns, create.method));
   database.undo.recordCreateIndex(*create.table, create.name);
   return result;
}

/// DROP TABLE of tables other tables' foreign keys reference: 2BP01, or with CASCADE those keys
/// are dropped (a table dropped too takes its own keys along).
void dropReferencingKeys(DatabaseImpl& database, const DropStatement& drop) {
   auto dropped = [&](const std::string& name) { return std::find(drop.names.begin(), drop.names.end(), name) != drop.names.end(); };
   std::vector<Table*> children;
   for (const std::string& name : drop.names) {
      for (auto [child, key] : database.catalog.referencing(name)) {
         if (dropped(child->name())) continue;
         if (!drop.cascade)
            throw Error("2BP01", "cannot drop table " + name + " because other objects depend on it", 0,
                        "constraint " + key->name + " on table " + child->name() + " depends on table " + name);
         if (std::find(children.begin(), children.end(), child) == children.end()) children.push_back(child);
      }
   }
   for (Table* child : children) {
      std::vector<ForeignKey> kept;
      for (const ForeignKey& key : child->foreignKeys())
         if (!dropped(key.parent)) kept.push_back(key);
      database.undo.recordSetForeignKeys(*child);
      child->setForeignKeys(std::move(kept));
   }
}

std::shared_ptr<ResultData> drop(DatabaseImpl& database, DropStatement& drop) {
   if (drop.indexes) {
      for (auto& name : drop.names) {
         for (const Table* constTable : database.catalog.tables()) {
            Table& table = const_cast<Table&>(*constTable);
            for (auto& index : table.uniqueIndexes())
               if (index->name() == name) {
                  database.undo.recordDropIndex(table, *index);
                  table.dropUniqueIndex(name);
                  break;
               }
            if (auto index = table.dropSecondaryIndex(name)) database.undo.recordDropIndex(table, *index);
         }
      }
      auto result = std::make_shared<ResultData>();
      result->statusTag = "DROP INDEX";
      return result;
   }
   Catalog& catalog = database.catalog;
   if (!drop.views && !drop.sequences) dropReferencingKeys(database, drop);
   for (auto& name : drop.names) {
      if (drop.views && catalog.findView(name)) database.undo.recordDropView(catalog.dropView(name));
      if (drop.sequences && catalog.findSequence(name)) database.undo.recordDropSequence(catalog.dropSequence(name));
      if (!drop.views && !drop.sequences && catalog.findTable(name)) database.undo.recordDropTable(catalog.dropTable(name));
   }
   auto result = std::make_shared<ResultData>();
   result->statusTag = drop.views ? "DROP VIEW" : drop.sequences ? "DROP SEQUENCE" : "DROP TABLE";
   return result;
}

std::shared_ptr<ResultData> createSequence(DatabaseImpl& database, CreateSequenceStatement& create) {
   auto result = std::make_shared<ResultData>();
   result->statusTag = "CREATE SEQUENCE";
   const std::string& name = create.sequence.name;
   Catalog& catalog = database.catalog;
   if (create.ifNotExists && (catalog.findSequence(name) || catalog.findTable(name) || catalog.findView(name))) return result;
   catalog.createSequence(std::make_unique<Sequence>(create.sequence));
   database.undo.recordCreateSequence(name);
   return result;
}

std::shared_ptr<ResultData> alterSequence(DatabaseImpl& database, AlterSequenceStatement& alter) {
   auto result = std::make_shared<ResultData>();
   result->statusTag = "ALTER SEQUENCE";
   Sequence* sequence = alter.name.empty() ? nullptr : database.catalog.findSequence(alter.name);
   if (!sequence) return result;  // IF EXISTS
   database.undo.recordAlterSequence(*sequence);
   int64_t lastValue = sequence->lastValue;
   bool isCalled = sequence->isCalled;
   uint64_t id = sequence->id;
   *sequence = alter.definition;
   sequence->id = id;
   if (!alter.restart) {
      sequence->lastValue = lastValue;
      sequence->isCalled = isCalled;
   }
   sequence->unlogged = true;
   return result;
}

std::shared_ptr<ResultData> insert(DatabaseImpl& database, InsertStatement& insert, ExecutionInput* input) {
   auto result = resultFor(input);
   Table& table = *insert.table;
   // The rows go from the query's buffer into the columns (strings are copied into the columns).
   runQuery(*insert.plan, result->stats, nullptr, input, [&](RowBuffer& buffer, const RowLayout& layout) {
      std::span<char* const> rows(buffer.rows(), buffer.size());
      const OnConflict& onConflict = insert.onConflict;
      if (insert.checks.present()) {
         // Each row's NOT NULL columns, then its CHECK constraints, as PostgreSQL tests them.
         for (char* row : rows) {
            for (size_t c = 0; c < table.columnCount(); ++c) {
               const auto& field = layout.fields[c];
               if (table.column(c).notNull() && field.nullOffset >= 0 && row[field.nullOffset]) table.column(c).notNullViolation();
            }
            enforceChecks(table, insert.checks, std::span<char* const>(&row, 1), layout);
         }
      }
      size_t before = table.rowCount();
      if (onConflict.action == OnConflict::Action::Error) {
         appendRows(database.undo, table, rows, layout);
         // Foreign keys at the end of the statement, over the rows as it leaves them.
         if (!table.foreignKeys().empty()) checkReferences(database.catalog, table, table.foreignKeys(), before, table.rowCount());
         result->rowsAffected = rows.size();
         if (insert.returning.present()) returnRows(*result, insert.returning, *insert.plan, buffer, rows, layout);
         return;
      }
      ConflictOutcome outcome = resolveConflicts(table, onConflict, rows, layout);
      std::vector<size_t> updatedIds;
      std::optional<ReferencedKeys> referenced;
      if (!outcome.updated.empty()) {
         for (const char* row : outcome.updated) updatedIds.push_back(size_t(rowIdAt(row, layout.fields[onConflict.rowIdColumn])));
         referenced.emplace(database.catalog, table, &onConflict.columns);
         if (referenced->active())
            for (size_t id : updatedIds) referenced->remember(id);
      }
      updateRows(database.undo, table, onConflict.columns, outcome.updated, layout, onConflict.rowIdColumn + 1, onConflict.rowIdColumn, insert.updateChecks);
      before = table.rowCount();
      appendRows(database.undo, table, outcome.inserted, layout);
      if (!table.foreignKeys().empty()) {
         checkChangedReferences(database.catalog, table, updatedIds, onConflict.columns);
         checkReferences(database.catalog, table, table.foreignKeys(), before, table.rowCount());
      }
      if (referenced && referenced->active()) referenced->check(database.undo, result->stats);
      result->rowsAffected = outcome.returned.size();
      if (insert.returning.present()) returnRows(*result, insert.returning, *insert.plan, buffer, outcome.returned, layout);
   });
   result->setStatus("INSERT 0", result->rowsAffected);
   return result;
}

std::shared_ptr<ResultData> createTableAs(DatabaseImpl& database, CreateTableAsStatement& create) {
   if (create.create.ifNotExists && database.catalog.findTable(create.create.name)) {
      auto result = std::make_shared<ResultData>();
      result->statusTag = "CREATE TABLE AS";
      return result;
   }
   createTable(database, create.create);
   InsertStatement fill{database.catalog.findTable(create.create.name), std::move(create.plan)};
   std::shared_ptr<ResultData> result = create.withData ? insert(database, fill, nullptr) : std::make_shared<ResultData>();
   // As PostgreSQL reports it.
   result->statusTag = create.withData ? "SELECT " + std::to_string(result->rowsAffected) : "CREATE TABLE AS";
   create.plan = std::move(fill.plan);
   return result;
}

std::shared_ptr<ResultData> update(DatabaseImpl& database, UpdateStatement& update, ExecutionInput* input) {
   auto result = resultFor(input);
   size_t rowIdField = update.columns.size();
   runQuery(*update.plan, result->stats, nullptr, input, [&](RowBuffer& buffer, const RowLayout& layout) {
      std::span<char* const> rows(buffer.rows(), buffer.size());
      std::vector<char*> distinct;
      if (update.joinsOtherTables) rows = distinct = firstPerRowId(rows, layout, rowIdField);
      Table& table = *update.table;
      ReferencedKeys referenced(database.catalog, table, &update.columns);
      bool references = !table.foreignKeys().empty();
      std::vector<size_t> ids;
      if (references || referenced.active())
         for (const char* row : rows) ids.push_back(size_t(rowIdAt(row, layout.fields[rowIdField])));
      if (referenced.active())
         for (size_t id : ids) referenced.remember(id);
      updateRows(database.undo, table, update.columns, rows, layout, 0, rowIdField, update.checks);
      // Foreign keys at the end of the statement, over the rows as it leaves them.
      if (references) checkChangedReferences(database.catalog, table, ids, update.columns);
      if (referenced.active()) referenced.check(database.undo, result->stats);
      result->rowsAffected = rows.size();
      if (update.returning.present()) returnRows(*result, update.returning, *update.plan, buffer, rows, layout);
   });
   result->setStatus("UPDATE", result->rowsAffected);
   return result;
}

std::shared_ptr<ResultData> remove(DatabaseImpl& database, DeleteStatement& remove, ExecutionInput* input) {
   auto result = resultFor(input);
   runQuery(*remove.plan, result->stats, nullptr, input, [&](RowBuffer& buffer, const RowLayout& layout) {
      std::span<char* const> rows(buffer.rows(), buffer.size());
      std::vector<char*> distinct;
      if (remove.joinsOtherTables) rows = distinct = firstPerRowId(rows, layout, 0);
      ReferencedKeys referenced(database.catalog, *remove.table, nullptr);
      if (referenced.active())
         for (const char* row : rows) referenced.remember(size_t(rowIdAt(row, layout.fields[0])));
      deleteRows(database.undo, *remove.table, rows, layout, 0);
      if (referenced.active()) referenced.check(database.undo, result->stats);
      result->rowsAffected = rows.size();
      if (remove.returning.present()) returnRows(*result, remove.returning, *remove.plan, buffer, rows, layout);
   });
   result->setStatus("DELETE", result->rowsAffected);
   return result;
}

std::shared_ptr<ResultData> copy(DatabaseImpl& database, CopyStatement& copy) {
   auto start = Clock::now();
   auto result = std::make_shared<ResultData>();
   size_t before = copy.table->rowCount();
   database.undo.recordAppend(*copy.table, before);
   MissingColumns missing;
   if (!copy.defaults.columns.empty()) missing = [&](size_t rows) { return defaultColumns(*copy.table, copy.defaults, rows, result->stats); };
   uint64_t rows;
   if (!copy.path.empty()) rows = copyFromFile(*copy.table, copy.columns, copy.path, copy.options, missing);
   else if (copy.stdinRows) rows = copyFromText(*copy.table, copy.columns, *copy.stdinRows, copy.options, missing);
   else
      throw Error(
         "0A000",
         "COPY FROM STDIN needs its rows passed along: in the shell they follow the statement, ending with a line \\.; in C++ use Connection::copyFrom");
   copy.table->indexRows(before, copy.table->rowCount());
   validateChecks(*copy.table, copy.table->checks(), before, true, result->stats);
   checkReferences(database.catalog, *copy.table, copy.table->foreignKeys(), before, copy.table->rowCount());
   // Fresh statistics for the optimizer, as a bulk load changes the data wholesale.
   analyzeTable(*copy.table);
   result->rowsAffected = rows;
   result->setStatus("COPY", rows);
   result->stats.executeMs = millisecondsSince(start) - result->stats.compileMs;
   return result;
}

std::shared_ptr<ResultData> copyTo(CopyToStatement& copy) {
   ResultData rows;
   runQuery(*copy.plan, rows);
   std::vector<std::string> lines;
   if (copy.options.header) lines.push_back(copyHeaderLine(rows, copy.options));
   for (size_t r = 0; r < rows.rowCount(); ++r) lines.push_back(copyLine(rows, r, copy.options));
   auto result = std::make_shared<ResultData>();
   if (copy.path.empty()) {
      result->setTextRows("COPY", lines);  // TO STDOUT: the lines are the result
   } else {
      std::ofstream file(copy.path, std::ios::binary | std::ios::trunc);
      for (auto& line : lines) file << line << '\n';
      file.flush();
      if (!file) throw Error("58P01", "could not open file \"" + copy.path + "\" for writing: " + std::strerror(errno));
   }
   result->rowsAffected = rows.rowCount();
   result->setStatus("COPY", rows.rowCount());
   result->stats = rows.stats;
   return result;
}

std::shared_ptr<ResultData> query(QueryStatement& statement, ExecutionInput* input) {
   auto result = resultFor(input);
   ResultChunks* chunks = input ? input->chunks : nullptr;
   runQuery(*statement.plan, *result, nullptr, input, chunks);
   result->hasRows = true;
   result->rowsAffected = result->rowCount() + (chunks ? chunks->rowsDelivered : 0);
   result->setStatus("SELECT", result->rowsAffected);
   return result;
}

/// "Optimizer time: 0.200 ms (join_order 0.120, ...)": in all, then each pass that ran.
std::string optimizerTimeLine(const OptimizerTimes& times) {
   char number[32];
   std::snprintf(number, sizeof(number), "%.3f", times.totalMs);
   std::string line = "Optimizer time: " + std::string(number) + " ms (";
   for (size_t i = 0; i < times.passes.size(); ++i) {
      std::snprintf(number, sizeof(number), "%.3f", times.passes[i].ms);
      line += (i ? ", " : "") + std::string(times.passes[i].name) + " " + number;
   }
   return line + ")";
}

/// EXPLAIN of `plan` (with ANALYZE: run, its rows counted), or of a prepared statement's
/// (`prepared`: its machine code and parameter values).
std::shared_ptr<ResultData> explain(QueryPlan& plan, const ExplainStatement& explain, ExecutionInput* prepared) {
   Analysis analysis;
   double executeMs = 0;
   size_t rowCount = 0;
   StatementStats stats;
   // Optimized here, timed, unless that happened before (a prepared statement's first run, or
   // deciding where the statement runs).
   OptimizerTimes optimizerTimes;
   bool optimized = !plan.optimized;
   optimize(plan, &optimizerTimes);
   if (prepared) compileOnce(plan, *prepared->compiled, false, stats);  // as its first run would: the plan optimized
   if (explain.analyze) {
      ResultData rows;
      // A prepared statement's plan compiled once more, to count rows; run with its parameters.
      CompiledQuery counting;
      if (prepared) counting = QueryCompiler(plan, true).compile();
      ExecutionInput input{prepared ? &counting : nullptr, prepared ? prepared->parameters : nullptr, nullptr};
      auto start = Clock::now();
      runQuery(plan, rows, &analysis, &input);
      executeMs = prepared ? millisecondsSince(start) : rows.stats.executeMs;
      rowCount = rows.rowCount();
   } else if (!prepared) {
      analysis.query = QueryCompiler(plan, false, explain.showIR).compile();
   }
   const CompiledQuery& compiled = prepared && !explain.analyze ? *prepared->compiled : analysis.query;
   CardinalityEstimator estimates(*plan.root);
   std::vector<std::string> lines = printPlan(plan, [&](const Operator& op) {
      std::string note = "(rows=" + std::to_string(uint64_t(estimates.rows(op) + 0.5));
      if (explain.analyze) {
         auto it = analysis.actualRows.find(&op);
         note += " actual=" + std::to_string(it == analysis.actualRows.end() ? 0 : it->second);
      }
      return note + ")";
   });
   lines.push_back("Pipelines:");
   for (size_t i = 0; i < compiled.pipelines->size(); ++i) {
      const PipelineInfo& pipeline = (*compiled.pipelines)[i];
      std::string stages;
      for (auto& stage : pipeline.stages) stages += (stages.empty() ? "" : " -> ") + stage;
      char time[64] = "";
      if (explain.analyze) std::snprintf(time, sizeof(time), "  (%.3f ms)", pipeline.ms);
      // Pipelines over few rows get quickly generated machine code.
      std::string line = "  " + std::to_string(i + 1) + ": " + stages + (pipeline.optimized ? "" : " [quick]") + (pipeline.parallel ? " [parallel]" : "") +
                         time;
      if (explain.analyze && pipeline.parallel) line += morselSpread(pipeline.morselsPerWorker);
      if (explain.analyze && pipeline.blocks)
         line += "  blocks skipped " + std::to_string(pipeline.blocks->skippedBlocks) + " of " + std::to_string(pipeline.blocks->testedBlocks);
      lines.push_back(line);
   }
   if (explain.analyze) lines.push_back(optimized ? optimizerTimeLine(optimizerTimes) : "Optimizer time: not measured, the plan was optimized earlier");
   char buffer[160];
   std::snprintf(buffer, sizeof(buffer), "Compile time: %.3f ms (IR generation %.3f ms, LLVM %.3f ms)", compiled.codegenMs + compiled.llvmMs,
                 compiled.codegenMs, compiled.llvmMs);
   lines.push_back(buffer);
   if (explain.analyze) {
      std::snprintf(buffer, sizeof(buffer), "Execution time: %.3f ms, %zu rows", executeMs, rowCount);
      lines.push_back(buffer);
   }
   if (explain.showIR) {
      std::string ir = compiled.ir;
      if (ir.empty()) ir = QueryCompiler(plan, false, true).compile().ir;  // the same plan, compiled to show its IR
      lines.push_back("Generated LLVM IR:");
      std::istringstream text(ir);
      for (std::string line; std::getline(text, line);) lines.push_back(line);
   }
   auto result = std::make_shared<ResultData>();
   result->setTextRows("QUERY PLAN", lines);
   result->statusTag = "EXPLAIN";
   result->stats.compileMs = compiled.codegenMs + compiled.llvmMs;
   return result;
}

}  // namespace

void runPlan(QueryPlan& plan, StatementStats& stats, const std::function<void(RowBuffer&, const RowLayout&)>& consume) {
   runQuery(plan, stats, nullptr, nullptr, consume);
}

std::vector<std::unique_ptr<Column>> defaultColumns(const Table& table, CopyDefaults& defaults, size_t rows, StatementStats& stats) {
   std::vector<std::unique_ptr<Column>> filled(table.columnCount());
   for (const auto& d : defaults.columns) {
      const Column& column = table.column(d.column);
      auto& target = filled[d.column] = std::make_unique<Column>(column.name(), column.type(), column.notNull());
      target->setTableName(table.name());
      target->reserve(rows);
      if (d.constant)
         for (size_t r = 0; r < rows; ++r) target->append(*d.constant);  // NULL into NOT NULL: 23502
   }
   if (!defaults.plan) return filled;
   // Per-row values come in batches, so that the plan's result rows stay few. The plan runs even
   // for no rows: a failing DEFAULT fails the statement, as PostgreSQL's computes its constant parts first.
   constexpr size_t batchRows = size_t(1) << 16;
   CompiledQuery compiled;
   ParameterValues rowCount;
   rowCount.setTypes({SqlType::bigInt()});
   ExecutionInput input{&compiled, &rowCount, nullptr};
   size_t done = 0;
   do {
      size_t batch = defaults.perRow ? std::min(batchRows, rows - done) : 1;
      size_t copies = defaults.perRow ? 1 : rows;
      rowCount.setInteger(0, int64_t(batch));
      runQuery(*defaults.plan, stats, nullptr, &input, [&](RowBuffer& buffer, const RowLayout& layout) {
         for (const auto& d : defaults.columns) {
            if (d.constant) continue;
            const RowLayout::Field& field = layout.fields[d.field];
            Column& target = *filled[d.column];
            for (size_t r = 0; r < buffer.size(); ++r)
               for (size_t i = 0; i < copies; ++i) target.appendRaw(buffer.row(r) + field.offset, field.nullOffset >= 0 && buffer.row(r)[field.nullOffset]);
         }
      });
      done += batch * copies;
   } while (done < rows);
   return filled;
}

std::shared_ptr<ResultData> executeStatement(DatabaseImpl& database, Statement& statement, ExecutionInput* input) {
   return std::visit(
      [&](auto& s) -> std::shared_ptr<ResultData> {
         using T = std::decay_t<decltype(s)>;
         if constexpr (std::is_same_v<T, CreateTableStatement>) return createTable(database, s);
         else if constexpr (std::is_same_v<T, CreateTableAsStatement>) return createTableAs(database, s);
         else if constexpr (std::is_same_v<T, DropStatement>) return drop(database, s);
         else if constexpr (std::is_same_v<T, CreateIndexStatement>) return createIndex(database, s);
         else if constexpr (std::is_same_v<T, CreateSequenceStatement>) return createSequence(database, s);
         else if constexpr (std::is_same_v<T, AlterSequenceStatement>) return alterSequence(database, s);
         else if constexpr (std::is_same_v<T, AlterTableStatement>) return alterTable(database, s);
         else if constexpr (std::is_same_v<T, CreateViewStatement>) {
            std::optional<View> replaced;
            if (const View* old = database.catalog.findView(s.view.name)) replaced = *old;
            std::string name = s.view.name;
            database.catalog.createView(std::move(s.view), s.replace);
            database.undo.recordCreateView(name, std::move(replaced));
            auto result = std::make_shared<ResultData>();
            result->statusTag = "CREATE VIEW";
            return result;
         } else if constexpr (std::is_same_v<T, InsertStatement>) return insert(database, s, input);
         else if constexpr (std::is_same_v<T, UpdateStatement>) return update(database, s, input);
         else if constexpr (std::is_same_v<T, DeleteStatement>) return remove(database, s, input);
         else if constexpr (std::is_same_v<T, CopyStatement>) return copy(database, s);
         else if constexpr (std::is_same_v<T, CopyToStatement>) return copyTo(s);
         else if constexpr (std::is_same_v<T, QueryStatement>) return query(s, input);
         else if constexpr (std::is_same_v<T, AnalyzeStatement>) {
            for (Table* table : s.tables) analyzeTable(*table);
            ++database.catalogVersion;  // plans bound on the old statistics are bound again
            auto result = std::make_shared<ResultData>();
            result->statusTag = "ANALYZE";
            return result;
         } else return explain(*s.plan, s, nullptr);
      },
      statement);
}

std::shared_ptr<ResultData> explainPrepared(Statement& statement, const ExplainStatement& options, ExecutionInput& prepared) {
   QueryPlan* plan = planOf(statement);
   if (!plan) throw Error("0A000", "EXPLAIN supports only SELECT, INSERT, UPDATE and DELETE");
   // EXPLAIN ANALYZE would have to make the changes, as PostgreSQL's does.
   if (options.analyze && !std::holds_alternative<QueryStatement>(statement))
      throw Error("0A000", "EXPLAIN ANALYZE of INSERT, UPDATE and DELETE is not supported yet");
   return explain(*plan, options, &prepared);
}

}  // namespace kiln
