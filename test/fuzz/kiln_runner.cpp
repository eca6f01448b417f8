#include "kiln_runner.h"

#include <kiln/kiln.h>

#include <poll.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>

namespace kiln::fuzz {

namespace {

void writeAll(int fd, const std::string& data) {
   size_t done = 0;
   while (done < data.size()) {
      ssize_t n = ::write(fd, data.data() + done, data.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) _exit(3);
      done += size_t(n);
   }
}

Outcome runOne(Connection& connection, const std::string& sql) {
   Outcome outcome;
   try {
      Result result = connection.query(sql);
      outcome.tag = result.statusTag();
      if (result.hasRows()) {
         for (size_t c = 0; c < result.columnCount(); ++c) outcome.columnTypes.push_back(result.columnType(c).toString());
         for (size_t r = 0; r < result.rowCount(); ++r) {
            Row row;
            for (size_t c = 0; c < result.columnCount(); ++c) {
               if (result.isNull(r, c)) row.emplace_back();
               else row.emplace_back(result.getString(r, c));
            }
            outcome.rows.push_back(std::move(row));
         }
      }
   } catch (const Error& e) {
      outcome.status = Outcome::Status::Error;
      outcome.sqlstate = e.sqlstate();
      outcome.message = e.message();
   } catch (const std::exception& e) {
      // Anything but kiln::Error escaping the API is an internal error.
      outcome.status = Outcome::Status::Error;
      outcome.sqlstate = "XX000";
      outcome.message = std::string("uncaught C++ exception: ") + e.what();
   }
   return outcome;
}

[[noreturn]] void runChild(const std::vector<std::string>& statements, int out) {
   // The child ends with the fuzzer, however that ends (a hung statement would run on).
   ::prctl(PR_SET_PDEATHSIG, SIGKILL);
   Database database;
   Connection connection(database);
   for (const std::string& sql : statements) {
      std::string frame;
      encode(runOne(connection, sql), frame);
      writeAll(out, frame);
   }
   ::close(out);
   _exit(0);
}

std::string describeStatus(int status) {
   if (WIFSIGNALED(status)) {
      int signal = WTERMSIG(status);
      const char* name = sigabbrev_np(signal);
      return std::string("killed by signal SIG") + (name ? name : std::to_string(signal).c_str());
   }
   if (WIFEXITED(status)) return "exited with status " + std::to_string(WEXITSTATUS(status));
   return "ended with wait status " + std::to_string(status);
}

}  // namespace

KilnRun::KilnRun(const std::vector<std::string>& statements, std::chrono::milliseconds timeout) : statements_(statements.size()), timeout_(timeout) {
   int fds[2];
   if (::pipe(fds) != 0) throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
   std::fflush(nullptr);
   child_ = ::fork();
   if (child_ < 0) throw std::runtime_error(std::string("fork: ") + std::strerror(errno));
   if (child_ == 0) {
      ::close(fds[0]);
      runChild(statements, fds[1]);
   }
   ::close(fds[1]);
   pipe_ = fds[0];
}

KilnRun::~KilnRun() {
   if (child_ > 0) {
      ::kill(child_, SIGKILL);
      ::waitpid(child_, nullptr, 0);
   }
   if (pipe_ >= 0) ::close(pipe_);
}

Outcomes KilnRun::finish() {
   using Clock = std::chrono::steady_clock;
   Clock::time_point deadline = Clock::now() + timeout_;
   std::string received;
   bool timedOut = false;
   for (;;) {
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
      if (left <= 0) {
         timedOut = true;
         break;
      }
      pollfd wait = {pipe_, POLLIN, 0};
      int ready = ::poll(&wait, 1, int(left));
      if (ready < 0 && errno == EINTR) continue;
      if (ready <= 0) continue;
      char buffer[65536];
      ssize_t n = ::read(pipe_, buffer, sizeof buffer);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) break;
      received.append(buffer, size_t(n));
   }
   if (timedOut) ::kill(child_, SIGKILL);
   int status = 0;
   while (::waitpid(child_, &status, 0) < 0 && errno == EINTR) {}
   child_ = -1;

   Outcomes outcomes;
   std::string_view in = received;
   Outcome outcome;
   while (outcomes.size() < statements_ && decode(in, outcome)) outcomes.push_back(std::move(outcome));
   if (outcomes.size() < statements_) {
      Outcome end;
      end.status = timedOut ? Outcome::Status::Hang : Outcome::Status::Crash;
      end.message = timedOut ? "no answer within " + std::to_string(timeout_.count() / 1000) + " s" : describeStatus(status);
      outcomes.push_back(std::move(end));
   }
   return outcomes;
}

}  // namespace kiln::fuzz
