#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file as `stat` sees it: which file (device, inode), its size and its modification time.
/// A file that is not there is a stamp too (`exists` false): its appearing changes the answer.
public struct FileStamp: Sendable, Hashable {
    public var path: String
    public var exists: Bool
    public var device: UInt64
    public var inode: UInt64
    public var size: Int64
    public var modifiedSeconds: Int64
    public var modifiedNanoseconds: Int64

    public init(path: String, exists: Bool, device: UInt64, inode: UInt64, size: Int64, modifiedSeconds: Int64,
                modifiedNanoseconds: Int64) {
        self.path = path
        self.exists = exists
        self.device = device
        self.inode = inode
        self.size = size
        self.modifiedSeconds = modifiedSeconds
        self.modifiedNanoseconds = modifiedNanoseconds
    }

    public init(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            self.init(path: path, exists: false, device: 0, inode: 0, size: 0, modifiedSeconds: 0, modifiedNanoseconds: 0)
            return
        }
        #if canImport(Darwin)
        let modified = info.st_mtimespec
        #else
        let modified = info.st_mtim
        #endif
        self.init(path: path, exists: true, device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
                  modifiedSeconds: Int64(modified.tv_sec), modifiedNanoseconds: Int64(modified.tv_nsec))
    }
}
