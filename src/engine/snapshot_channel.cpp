#include "engine/snapshot_channel.h"

#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>

#include "kiln/kiln.h"

namespace kiln {

namespace {

bool sendAll(int socket, const char* data, size_t size) {
   while (size > 0) {
      ssize_t sent = ::send(socket, data, size, MSG_NOSIGNAL);
      if (sent < 0 && errno == EINTR) continue;
      if (sent <= 0) return false;
      data += sent;
      size -= size_t(sent);
   }
   return true;
}

bool receiveAll(int socket, char* data, size_t size) {
   while (size > 0) {
      ssize_t got = ::recv(socket, data, size, 0);
      if (got < 0 && errno == EINTR) continue;
      if (got <= 0) return false;
      data += got;
      size -= size_t(got);
   }
   return true;
}

}  // namespace

bool sendMessage(int socket, const std::string& message, int passedSocket) {
   uint64_t length = message.size();
   msghdr header{};
   iovec part{&length, sizeof(length)};
   header.msg_iov = &part;
   header.msg_iovlen = 1;
   alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int))] = {};
   if (passedSocket >= 0) {
      header.msg_control = control;
      header.msg_controllen = sizeof(control);
      cmsghdr* descriptor = CMSG_FIRSTHDR(&header);
      descriptor->cmsg_level = SOL_SOCKET;
      descriptor->cmsg_type = SCM_RIGHTS;
      descriptor->cmsg_len = CMSG_LEN(sizeof(int));
      std::memcpy(CMSG_DATA(descriptor), &passedSocket, sizeof(int));
   }
   ssize_t sent;
   do sent = ::sendmsg(socket, &header, MSG_NOSIGNAL);
   while (sent < 0 && errno == EINTR);
   if (sent < 0) return false;
   // The length goes whole or in part: the rest follows as plain bytes.
   return sendAll(socket, reinterpret_cast<const char*>(&length) + sent, sizeof(length) - size_t(sent)) && sendAll(socket, message.data(), message.size());
}

bool receiveMessage(int socket, std::string& message, int* passedSocket) {
   uint64_t length = 0;
   msghdr header{};
   iovec part{&length, sizeof(length)};
   header.msg_iov = &part;
   header.msg_iovlen = 1;
   alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int))] = {};
   header.msg_control = control;
   header.msg_controllen = sizeof(control);
   ssize_t got;
   do got = ::recvmsg(socket, &header, MSG_CMSG_CLOEXEC);
   while (got < 0 && errno == EINTR);
   if (passedSocket) *passedSocket = -1;
   for (cmsghdr* c = CMSG_FIRSTHDR(&header); c; c = CMSG_NXTHDR(&header, c)) {
      if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS) continue;
      int received;
      std::memcpy(&received, CMSG_DATA(c), sizeof(int));
      if (passedSocket) *passedSocket = received;
      else ::close(received);
   }
   if (got <= 0) return false;
   if (!receiveAll(socket, reinterpret_cast<char*>(&length) + got, sizeof(length) - size_t(got))) return false;
   message.resize(length);
   return receiveAll(socket, message.data(), length);
}

void socketPair(int sockets[2]) {
   if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sockets) != 0)
      throw Error("58000", std::string("could not create a socket pair: ") + std::strerror(errno));
}

}  // namespace kiln
