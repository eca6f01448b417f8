// The process-wide ORC LLJIT for the host CPU. Each query's module is added under its own
// resource tracker and removed when the query's CompiledModule goes away.
#pragma once

#include <memory>
#include <mutex>
#include <shared_mutex>
#include <string>
#include <vector>

#include <llvm/ExecutionEngine/Orc/LLJIT.h>

namespace kiln {

class CompiledModule {
   public:
   CompiledModule(llvm::orc::LLJIT& jit, llvm::orc::ResourceTrackerSP tracker) : jit_(jit), tracker_(std::move(tracker)) {}
   ~CompiledModule();
   void* lookup(const std::string& name);

   private:
   llvm::orc::LLJIT& jit_;
   llvm::orc::ResourceTrackerSP tracker_;
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

   private:
   Jit();
   void optimize(llvm::Module& module, const std::vector<std::string>& cold);

   /// Machine code for `module` from the quick code generator, as an object file.
   std::unique_ptr<llvm::MemoryBuffer> compileQuickly(llvm::Module& module);

   std::unique_ptr<llvm::orc::LLJIT> jit_;
   std::unique_ptr<llvm::TargetMachine> quickMachine_;
   std::mutex quickMutex_;  // one Jit serves every database of the process
};

}  // namespace kiln
