using EventCommitLab.Strategies.Port;
using EventCommitLab.Tests.Infrastructure;

namespace EventCommitLab.Tests.Dcb;

/// <summary>Fresh DCB logs on the tests' private PostgreSQL.</summary>
internal static class DcbLogs
{
    public static async Task<IDcbLog> FreshAsync(LabStores stores) =>
        await ((IDcbLogProvider)await stores.ProviderAsync("postgres")).CreateDcbLogAsync(CancellationToken.None);
}
