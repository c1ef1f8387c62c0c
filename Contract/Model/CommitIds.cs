namespace EventCommitLab.Contract.Model;

/// <summary>
/// New commit ids: random version-4 GUIDs drawn from the runtime's per-thread generator. Guid.NewGuid reads the
/// kernel's random source with a system call per id here, CPU a lab on two cores takes from the database it measures;
/// a commit id must be unique, not unpredictable, and 122 random bits from a generator seeded by the system per thread
/// are unique in any run. Nothing indexes commit ids by their order, so random ones cost the store what Guid.NewGuid's
/// did.
/// </summary>
public static class CommitIds
{
    /// <summary>A new id, distinct from every other this or any other process makes.</summary>
    public static Guid New()
    {
        Span<byte> bytes = stackalloc byte[16];
        Random.Shared.NextBytes(bytes);
        // RFC 9562's version 4 and variant bits, in Guid's little-endian layout of its first three fields.
        bytes[7] = (byte)((bytes[7] & 0x0F) | 0x40);
        bytes[8] = (byte)((bytes[8] & 0x3F) | 0x80);
        return new Guid(bytes);
    }
}
