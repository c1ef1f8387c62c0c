using System.Net;
using System.Net.Sockets;

namespace EventCommitLab.Tests.Infrastructure;

/// <summary>Loopback ports for tests that need one nobody listens on.</summary>
internal static class LoopbackPorts
{
    /// <summary>A port that was free a moment ago: bound to port 0 and let go.</summary>
    public static int Free()
    {
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        return ((IPEndPoint)listener.LocalEndpoint).Port;
    }
}
