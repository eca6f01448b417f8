#include "isolated_measurement.h"

#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <stdexcept>
#include <string>

namespace kiln::bench {

namespace {

// The result goes back through a pipe as plain bytes: both ends are this program.
class Wire {
   public:
   explicit Wire(std::string bytes = {}) : bytes_(std::move(bytes)) {}
   const std::string& bytes() const { return bytes_; }

   template <typename T>
   void put(const T& value) {
      bytes_.append(reinterpret_cast<const char*>(&value), sizeof value);
   }
   void put(const std::string& text) {
      put(text.size());
      bytes_ += text;
   }
   void put(const std::vector<double>& values) {
      put(values.size());
      for (double value : values) put(value);
   }
   template <typename T>
   void take(T& value) {
      if (at_ + sizeof value > bytes_.size()) throw std::runtime_error("the measuring child's result is cut short");
      std::copy_n(bytes_.data() + at_, sizeof value, reinterpret_cast<char*>(&value));
      at_ += sizeof value;
   }
   void take(std::string& text) {
      size_t size = 0;
      take(size);
      text = bytes_.substr(at_, size);
      at_ += size;
   }
   void take(std::vector<double>& values) {
      size_t size = 0;
      take(size);
      values.resize(size);
      for (double& value : values) take(value);
   }

   private:
   std::string bytes_;
   size_t at_ = 0;
};

template <typename Visit>
void eachField(ForkResult& result, Visit visit) {
   ForkMeasurement& m = result.measurement;
   visit(result.database), visit(result.pages), visit(result.loadSeconds), visit(m.memory), visit(m.forkMs), visit(m.updateUsAlone);
   visit(m.updateUsShared), visit(m.faultsPerUpdateAlone), visit(m.faultsPerUpdateShared), visit(m.forkMsAfterUpdates), visit(m.memoryAfterUpdates);
}

[[noreturn]] void measureAndReport(int out, PageMode mode, const ForkOptions& options, const std::function<std::unique_ptr<ForkDatabase>()>& load) {
   try {
      if (prctl(PR_SET_THP_DISABLE, mode == PageMode::FourKiB ? 1 : 0, 0, 0, 0) != 0) throw std::runtime_error("prctl(PR_SET_THP_DISABLE) failed");
      std::unique_ptr<ForkDatabase> database = load();
      ForkResult result{database->description(), mode, database->loadSeconds(), measureFork(*database, options.runs, options.updates)};
      Wire wire;
      eachField(result, [&](auto& field) { wire.put(field); });
      for (size_t at = 0; at < wire.bytes().size();) {
         ssize_t written = write(out, wire.bytes().data() + at, wire.bytes().size() - at);
         if (written <= 0) _exit(1);
         at += size_t(written);
      }
      _exit(0);
   } catch (const std::exception& error) {
      std::fprintf(stderr, "kiln-bench fork: %s\n", error.what());
      _exit(1);
   }
}

}  // namespace

ForkResult measureIsolated(PageMode mode, const ForkOptions& options, const std::function<std::unique_ptr<ForkDatabase>()>& load) {
   int ends[2];
   if (pipe(ends) != 0) throw std::runtime_error("pipe failed");
   std::fflush(stdout);
   pid_t child = fork();
   if (child < 0) throw std::runtime_error("fork failed");
   if (child == 0) {
      close(ends[0]);
      measureAndReport(ends[1], mode, options, load);
   }
   close(ends[1]);
   std::string bytes;
   char buffer[4096];
   for (ssize_t got; (got = read(ends[0], buffer, sizeof buffer)) > 0;) bytes.append(buffer, size_t(got));
   close(ends[0]);
   int status = 0;
   waitpid(child, &status, 0);
   if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) throw std::runtime_error(std::string("measuring with ") + pageModeName(mode) + " pages failed");
   ForkResult result;
   Wire wire(std::move(bytes));
   eachField(result, [&](auto& field) { wire.take(field); });
   return result;
}

}  // namespace kiln::bench
