using System.Buffers.Binary;
using System.Text;

namespace EventCommitLab.Tests.Infrastructure;

/// <summary>
/// Reads PostgreSQL's backend messages (type byte, length, body) from a stream in chunks, for the relay that lets every
/// answer of a batch through except the COMMIT's.
/// </summary>
internal sealed class BackendMessages
{
    private readonly List<byte> _pending = [];

    /// <summary>
    /// Takes the next chunk; returns the whole messages before the COMMIT's CommandComplete (all whole messages when
    /// there is none yet), and whether that CommandComplete came. A partial message waits for the next chunk.
    /// </summary>
    public (byte[] Forward, bool CommitAnswered) UpToCommitComplete(ReadOnlySpan<byte> chunk)
    {
        _pending.AddRange(chunk.ToArray());
        var data = _pending.ToArray();
        var offset = 0;
        while (data.Length - offset >= 5)
        {
            var length = BinaryPrimitives.ReadInt32BigEndian(data.AsSpan(offset + 1));
            if (data.Length - offset < length + 1)
            {
                break;
            }

            if (data[offset] == (byte)'C' && Encoding.ASCII.GetString(data, offset + 5, length - 4).StartsWith("COMMIT", StringComparison.Ordinal))
            {
                return (data[..offset], true);
            }

            offset += length + 1;
        }

        _pending.RemoveRange(0, offset);
        return (data[..offset], false);
    }
}
