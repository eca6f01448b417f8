#include "codegen/jit.h"
#include "codegen/isolate_slow_selection.h"
#include "codegen/lower_trailing_zero_counts.h"
#include "codegen/runtime_functions.h"
#include "codegen/split_string_values.h"
#include "codegen/split_wide_integers.h"
#include "common/available_cores.h"

#include <algorithm>
#include <cstdlib>

#include <llvm/ExecutionEngine/Orc/CompileUtils.h>
#include <llvm/ExecutionEngine/Orc/Debugging/PerfSupportPlugin.h>
#include <llvm/ExecutionEngine/Orc/ExecutionUtils.h>
#include <llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h>
#include <llvm/ExecutionEngine/Orc/ObjectLinkingLayer.h>
#include <llvm/IR/PassManager.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Support/CommandLine.h>
#include <llvm/Support/TargetSelect.h>
#include <llvm/Transforms/InstCombine/InstCombine.h>
#include <llvm/Transforms/Scalar/EarlyCSE.h>
#include <llvm/Transforms/Scalar/SROA.h>
#include <llvm/Transforms/Scalar/SimplifyCFG.h>
#include <llvm/Transforms/Utils/Cloning.h>

#include "kiln/kiln.h"

namespace kiln {

namespace {

[[noreturn]] void fail(llvm::Error error) { throw Error("XX000", "JIT: " + llvm::toString(std::move(error))); }

template <typename T>
T check(llvm::Expected<T> value) {
   if (!value) fail(value.takeError());
   return std::move(*value);
}

/// Sets one of LLVM's command-line options (they hold for the whole process). Position 1, as if
/// first on a command line: some passes take an option at position 0 as not given at all (the
/// post-RA scheduler ran although switched off here, a quarter of the optimized code generation).
void setLlvmOption(const char* name, const char* value) {
   auto& options = llvm::cl::getRegisteredOptions();
   auto option = options.find(name);
   if (option != options.end()) option->second->addOccurrence(1, name, value);
}

/// What JIT work holds shared and fork() exclusively (Jit::holdForFork).
std::shared_mutex& forkLock() {
   static std::shared_mutex lock;
   return lock;
}

/// The name of a hot function's quick code, beside its optimized code of the plain name.
const std::string quickSuffix = ".quick";

}  // namespace

CompiledModule::~CompiledModule() {
   if (background_) {
      std::unique_lock lock(background_->mutex);
      if (background_->state == BackgroundCompile::State::Waiting) background_->state = BackgroundCompile::State::Abandoned;
      background_->changed.wait(lock, [&] { return background_->state != BackgroundCompile::State::Running; });
   }
   std::shared_lock hold(forkLock());
   if (auto error = tracker_->remove()) llvm::consumeError(std::move(error));
}

void* CompiledModule::lookup(const std::string& name) {
   std::string symbol = name;
   if (background_) {
      const auto& hot = background_->hot;
      size_t i = size_t(std::find(hot.begin(), hot.end(), name) - hot.begin());
      if (i < hot.size()) {
         if (void* optimized = background_->entries[i].load(std::memory_order_acquire)) return optimized;
         symbol += quickSuffix;
      }
   }
   std::shared_lock hold(forkLock());
   return check(jit_.lookup(symbol)).toPtr<void*>();
}

const std::atomic<void*>* CompiledModule::optimizedEntry(const std::string& name) const {
   if (!background_) return nullptr;
   const auto& hot = background_->hot;
   size_t i = size_t(std::find(hot.begin(), hot.end(), name) - hot.begin());
   return i < hot.size() ? &background_->entries[i] : nullptr;
}

Jit& Jit::instance() {
   static Jit jit;
   return jit;
}

std::unique_lock<std::shared_mutex> Jit::holdForFork() { return std::unique_lock(forkLock()); }

void Jit::releaseInForkedChild() {
   // The lock was taken by a thread the child does not have: made anew, free (the old one is
   // never destroyed: destroying a held lock is undefined).
   new (&forkLock()) std::shared_mutex;
   new (&quickMutex_) std::mutex;
   // Nor has it the background thread (none was compiling: the fork waited for that). What it
   // queued is dropped: those pipelines run their quick code in the child.
   new (&queueMutex_) std::mutex;
   new (&queued_) std::condition_variable;
   for (auto& job : queue_) {
      new (&job->mutex) std::mutex;
      new (&job->changed) std::condition_variable;
      job->state = BackgroundCompile::State::Abandoned;
   }
   queue_.clear();
   new (&worker_) std::thread;  // the parent's, which the child must neither join nor destroy
}

Jit::~Jit() {
   {
      std::lock_guard lock(queueMutex_);
      stopping_ = true;
   }
   queued_.notify_all();
   if (worker_.joinable()) worker_.join();
}

void Jit::startBackground(std::shared_ptr<BackgroundCompile> job) {
   std::lock_guard lock(queueMutex_);
   if (!worker_.joinable()) worker_ = std::thread([this] { runBackground(); });
   queue_.push_back(std::move(job));
   queued_.notify_one();
}

void Jit::runBackground() {
   for (;;) {
      {
         std::unique_lock lock(queueMutex_);
         queued_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
         if (stopping_) return;
      }
      // Held from the job's leaving the queue until it is finished: a fork() sees neither halfway.
      std::shared_lock hold(forkLock());
      std::shared_ptr<BackgroundCompile> job;
      {
         std::lock_guard lock(queueMutex_);
         if (queue_.empty()) continue;
         job = std::move(queue_.front());
         queue_.pop_front();
      }
      {
         std::lock_guard lock(job->mutex);
         if (job->state == BackgroundCompile::State::Abandoned) continue;
         job->state = BackgroundCompile::State::Running;
      }
      try {
         optimize(*job->module, job->cold);
         if (auto error = jit_->addIRModule(job->tracker, llvm::orc::ThreadSafeModule(std::move(job->module), std::move(job->context)))) fail(std::move(error));
         for (size_t i = 0; i < job->hot.size(); ++i) job->entries[i].store(check(jit_->lookup(job->hot[i])).toPtr<void*>(), std::memory_order_release);
      } catch (const std::exception&) {
         // The quick code goes on serving the query.
      }
      {
         std::lock_guard lock(job->mutex);
         job->state = BackgroundCompile::State::Finished;
      }
      job->changed.notify_all();
   }
}

Jit::Jit() {
   llvm::InitializeNativeTarget();
   llvm::InitializeNativeTargetAsmPrinter();
   auto machine = check(llvm::orc::JITTargetMachineBuilder::detectHost());
   // The JIT's default on x86-64 is the large code model, where fast instruction selection gives
   // up on every call; small and position-independent, calls go through the linker's stubs.
   machine.setCodeModel(llvm::CodeModel::Small);
   cores_ = availableCores();
   machine.setRelocationModel(llvm::Reloc::PIC_);
   auto quick = machine;
   quick.setCodeGenOptLevel(llvm::CodeGenOptLevel::None);
   quickMachine_ = check(quick.createTargetMachine());
   machine.setCodeGenOptLevel(llvm::CodeGenOptLevel::Default);
   // Fast instruction selection even for hot pipelines: much less code generation time, and no
   // measurable loss at run time, as the IR comes already optimized (bench/notes.md).
   machine.getOptions().EnableFastISel = true;
   // Neither instruction scheduler, and a bounded search for where the register allocator splits
   // live ranges (its most costly part): less compile time, and no change in run time
   // (bench/notes.md). Pipelines are loops over a few dozen instructions, which out-of-order
   // cores schedule themselves.
   setLlvmOption("enable-misched", "false");
   setLlvmOption("post-RA-scheduler", "false");
   setLlvmOption("grow-region-complexity-budget", "100");
   jit_ = check(llvm::orc::LLJITBuilder().setJITTargetMachineBuilder(std::move(machine)).create());
   auto& dylib = jit_->getMainJITDylib();
   llvm::orc::SymbolMap symbols;
   for (const RuntimeFunction& function : runtimeFunctions())
      symbols[jit_->mangleAndIntern(function.name)] = {llvm::orc::ExecutorAddr::fromPtr(function.address()), llvm::JITSymbolFlags::Exported};
   if (auto error = dylib.define(llvm::orc::absoluteSymbols(std::move(symbols)))) fail(std::move(error));
   // libc/libm (memcmp, rint, fmod, ...) for what LLVM lowers to library calls.
   dylib.addGenerator(check(llvm::orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(jit_->getDataLayout().getGlobalPrefix())));
   // For profiling generated code (scripts/perf-generated-code): a perf jitdump of each module.
   // After the generator above, through which the plugin finds LLVM's registration functions.
   if (std::getenv("KILN_PERF")) {
      auto* linking = llvm::dyn_cast<llvm::orc::ObjectLinkingLayer>(&jit_->getObjLinkingLayer());
      if (!linking) throw Error("XX000", "KILN_PERF: the JIT does not link with JITLink");
      linking->addPlugin(check(llvm::orc::PerfSupportPlugin::Create(jit_->getExecutionSession().getExecutorProcessControl(), dylib, true, true)));
   }
}

void Jit::optimize(llvm::Module& module, const std::vector<std::string>& cold) {
   // Few, cheap passes: compile latency is part of every query's time.
   llvm::LoopAnalysisManager loops;
   llvm::FunctionAnalysisManager functions;
   llvm::CGSCCAnalysisManager cgscc;
   llvm::ModuleAnalysisManager modules;
   llvm::PassBuilder builder;
   builder.registerModuleAnalyses(modules);
   builder.registerCGSCCAnalyses(cgscc);
   builder.registerFunctionAnalyses(functions);
   builder.registerLoopAnalyses(loops);
   builder.crossRegisterProxies(loops, functions, cgscc, modules);
   llvm::FunctionPassManager passes;
   passes.addPass(llvm::SROAPass(llvm::SROAOptions::ModifyCFG));
   passes.addPass(llvm::InstCombinePass());
   passes.addPass(llvm::SimplifyCFGPass());
   passes.addPass(llvm::EarlyCSEPass());
   // Code for few rows (the quick code generator's) is left as generated. Even SROA does harm
   // there: state kept in memory turns into values live across the whole loop, which the quick
   // register allocator spills and reloads at every block (bench/notes.md).
   for (llvm::Function& function : module) {
      if (function.isDeclaration() || std::find(cold.begin(), cold.end(), function.getName()) != cold.end()) continue;
      passes.run(function, functions);
   }
}

std::unique_ptr<llvm::MemoryBuffer> Jit::compileQuickly(llvm::Module& module) {
   llvm::StructType* string = llvm::StructType::getTypeByName(module.getContext(), "string");
   for (llvm::Function& function : module) {
      if (function.isDeclaration()) continue;
      if (string) splitStringValues(function, string);
      splitWideIntegers(function);
      lowerTrailingZeroCounts(function);
      isolateSlowSelection(function);
   }
   std::lock_guard lock(quickMutex_);
   return check(llvm::orc::SimpleCompiler(*quickMachine_)(module));
}

std::unique_ptr<CompiledModule> Jit::compile(std::unique_ptr<llvm::Module> module, std::unique_ptr<llvm::LLVMContext> context,
                                             const std::vector<std::string>& cold) {
   std::shared_lock hold(forkLock());
   module->setDataLayout(jit_->getDataLayout());
   module->setTargetTriple(jit_->getTargetTriple().str());
   static const bool verify = std::getenv("KILN_VERIFY_IR") != nullptr;
   if (verify) {
      std::string problems;
      llvm::raw_string_ostream out(problems);
      if (llvm::verifyModule(*module, &out)) throw Error("XX000", "generated code is invalid: " + problems);
   }
   auto tracker = jit_->getMainJITDylib().createResourceTracker();
   auto compiled = std::make_unique<CompiledModule>(*jit_, tracker);
   auto addObject = [&](std::unique_ptr<llvm::MemoryBuffer> object) {
      if (auto error = jit_->addObjectFile(tracker, std::move(object))) fail(std::move(error));
   };
   size_t defined = 0;
   for (llvm::Function& function : *module) defined += !function.isDeclaration();
   if (cold.size() >= defined) {
      addObject(compileQuickly(*module));
      module.reset();  // before its context
      return compiled;
   }
   if (compilesInBackground()) {
      // Every function quick now, its hot ones under other names; those optimized later.
      auto job = std::make_shared<BackgroundCompile>();
      std::unique_ptr<llvm::Module> quick = llvm::CloneModule(*module);
      for (llvm::Function& function : *module) {
         if (function.isDeclaration()) continue;
         std::string name = function.getName().str();
         if (std::find(cold.begin(), cold.end(), name) != cold.end()) continue;
         quick->getFunction(name)->setName(name + quickSuffix);
         job->hot.push_back(name);
      }
      addObject(compileQuickly(*quick));
      quick.reset();  // before the background thread takes the context
      for (const std::string& name : cold) module->getFunction(name)->deleteBody();
      job->entries = std::make_unique<std::atomic<void*>[]>(job->hot.size());
      job->module = std::move(module);
      job->context = std::move(context);
      job->tracker = tracker;
      job->cold = cold;
      compiled->background_ = job;
      startBackground(std::move(job));
      return compiled;
   }
   optimize(*module, cold);
   if (!cold.empty()) {
      // The cold functions move to a module of their own, with copies of the constants they use.
      llvm::ValueToValueMapTy map;
      std::unique_ptr<llvm::Module> quick = llvm::CloneModule(*module, map, [&](const llvm::GlobalValue* value) {
         return !llvm::isa<llvm::Function>(value) || std::find(cold.begin(), cold.end(), value->getName()) != cold.end();
      });
      for (const std::string& name : cold) module->getFunction(name)->deleteBody();
      addObject(compileQuickly(*quick));
   }
   if (auto error = jit_->addIRModule(tracker, llvm::orc::ThreadSafeModule(std::move(module), std::move(context)))) fail(std::move(error));
   return compiled;
}

}  // namespace kiln
