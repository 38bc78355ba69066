{{/* The release's resources are named after it, within Kubernetes' 63 characters. */}}
{{- define "pharos.fullname" -}}
{{- if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{- define "pharos.selectorLabels" -}}
app.kubernetes.io/name: {{ .Chart.Name }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/component: {{ ternary "agent" "server" .Values.agent.enabled }}
{{- end -}}

{{- define "pharos.labels" -}}
{{ include "pharos.selectorLabels" . }}
app.kubernetes.io/version: {{ .Values.image.tag | default .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end -}}

{{/* Name of the Secret the chart makes for values given in clear (database URL, server key). */}}
{{- define "pharos.secretName" -}}
{{- include "pharos.fullname" . -}}
{{- end -}}

{{- define "pharos.databaseSecret" -}}
{{- .Values.database.existingSecret | default (include "pharos.secretName" .) -}}
{{- end -}}

{{- define "pharos.secretKeySecret" -}}
{{- .Values.secretKey.existingSecret | default (include "pharos.secretName" .) -}}
{{- end -}}

{{- define "pharos.hasDatabase" -}}
{{- if or .Values.database.url .Values.database.existingSecret -}}true{{- end -}}
{{- end -}}

{{- define "pharos.hasSecretKey" -}}
{{- if or .Values.secretKey.value .Values.secretKey.existingSecret -}}true{{- end -}}
{{- end -}}
