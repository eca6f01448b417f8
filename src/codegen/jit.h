// The process-wide ORC LLJIT for the host CPU. Each query's module is added under its own
// resource tracker and removed when the query's CompiledModule goes away.
//
// With more than one core to run on, no query waits for optimized code: every function gets the
// quick code generator first, and the functions worth optimizing are optimized on a background
// thread, whose machine code the pipelines switch to between blocks of rows once it is there
// (Kohn, Leis, Neumann, "Adaptive Execution of Compiled Queries", ICDE 2018).
#pragma once

#include <atomic>
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <string>
#include <thread>
#include <vector>

#include <llvm/ExecutionEngine/Orc/LLJIT.h>

namespace kiln {

/// The optimizing compile of a module's hot functions, on the background thread.
struct BackgroundCompile {
   enum class State : uint8_t { Waiting, Running, Finished, Abandoned };
   std::mutex mutex;
   std::condition_variable changed;
   State state = State::Waiting;
   std::unique_ptr<llvm::LLVMContext> context;  // declared first: it goes after its module
   std::unique_ptr<llvm::Module> module;
   llvm::orc::ResourceTrackerSP tracker;
   std::vector<std::string> cold;  // bodies deleted from `module`: the quick object has them
   std::vector<std::string> hot;   // optimized here; their quick code is named hot + quickSuffix
   std::unique_ptr<std::atomic<void*>[]> entries;  // per hot function: its optimized code, once there
};

class CompiledModule {
   public:
   CompiledModule(llvm::orc::LLJIT& jit, llvm::orc::ResourceTrackerSP tracker) : jit_(jit), tracker_(std::move(tracker)) {}
   /// Waits for its background compile if that runs, or abandons it if it has not started.
   ~CompiledModule();
   /// The machine code of function `name`: optimized where that is there, else quick.
   void* lookup(const std::string& name);
   /// Where the optimized code of `name` appears once the background thread made it; null for a
   /// function compiled once (quick, or optimized before the query ran).
   const std::atomic<void*>* optimizedEntry(const std::string& name) const;

   private:
   friend class Jit;
   llvm::orc::LLJIT& jit_;
   llvm::orc::ResourceTrackerSP tracker_;
   std::shared_ptr<BackgroundCompile> background_;
};

class Jit {
   public:
   static Jit& instance();

   /// Optimizes (a few cheap passes) and compiles the module to machine code. The functions named
   /// in `cold` (pipelines over few rows) get the quick code generator (no instruction
   /// scheduling, fast register allocation: a fraction of the compile time); the others the
   /// optimizing one. With KILN_VERIFY_IR set in the environment (as for every test), the IR is
   /// checked first and invalid IR fails with XX000.
   std::unique_ptr<CompiledModule> compile(std::unique_ptr<llvm::Module> module, std::unique_ptr<llvm::LLVMContext> context,
                                           const std::vector<std::string>& cold = {});
   const llvm::DataLayout& dataLayout() const { return jit_->getDataLayout(); }
   /// Held while fork() makes a snapshot process: then no compile, lookup or removal of code is
   /// halfway through LLVM's locks, which the child (it has one thread) could never release.
   std::unique_lock<std::shared_mutex> holdForFork();
   /// In the child of that fork(): the JIT usable again (the parent's hold does not reach it).
   void releaseInForkedChild();
   const llvm::Triple& targetTriple() const { return jit_->getTargetTriple(); }

   ~Jit();

   private:
   Jit();
   void optimize(llvm::Module& module, const std::vector<std::string>& cold);
   /// Whether optimized code is made on the background thread: when this process may run on more
   /// than one core (on one, the background compile would take the query's own time).
   bool compilesInBackground() const { return cores_ > 1; }
   void startBackground(std::shared_ptr<BackgroundCompile> job);
   void runBackground();

   /// Machine code for `module` from the quick code generator, as an object file.
   std::unique_ptr<llvm::MemoryBuffer> compileQuickly(llvm::Module& module);

   std::unique_ptr<llvm::orc::LLJIT> jit_;
   std::unique_ptr<llvm::TargetMachine> quickMachine_;
   std::mutex quickMutex_;  // one Jit serves every database of the process
   unsigned cores_ = 1;

   std::mutex queueMutex_;
   std::condition_variable queued_;
   std::deque<std::shared_ptr<BackgroundCompile>> queue_;
   std::thread worker_;  // started with the first background compile
   bool stopping_ = false;
};

}  // namespace kiln
