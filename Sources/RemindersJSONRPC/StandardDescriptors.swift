#if canImport(Glibc)
    import Glibc
#endif

/// Process start-up hygiene, as daemon(3) and systemd's stdio handling do it: descriptors 0–2
/// that are closed when the process starts (`2>&-`, some supervisors) are opened on /dev/null.
/// Otherwise the first file opened takes their number — the duplicate of stdout kept for
/// protocol frames would become fd 2, and every log line would land between the frames.
public enum StandardDescriptors {
    public static func openClosedOnNull() {
        for descriptor in Int32(0)...2 where fcntl(descriptor, F_GETFD) < 0 && errno == EBADF {
            let null = open("/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY)
            // open takes the lowest free number, which is this one; anything else is moved there.
            if null >= 0, null != descriptor {
                dup2(null, descriptor)
                close(null)
            }
        }
    }
}
